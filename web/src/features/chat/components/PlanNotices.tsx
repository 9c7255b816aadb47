import { useQuery } from '@apollo/client/react';
import { Alert, Button, CloseButton, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { msg, useT } from '../../../lib/i18n';
import { PromptAllowanceQuery } from '../graphql';
import type { UpgradeNotice } from './useChatSession';

/** "N of 10 free prompts left this month", for plans with a limit; nothing for unlimited ones. */
export function AllowanceHint() {
  const t = useT();
  const { data } = useQuery(PromptAllowanceQuery);
  const allowance = data?.allowance;
  if (!allowance || allowance.limit === null || allowance.limit === undefined) return null;
  const remaining = allowance.remaining ?? 0;
  return (
    <Text color={remaining === 0 ? { base: 'red.700', _dark: 'red.300' } : 'fg.muted'}>
      {allowance.plan === 'free'
        ? t('{remaining} of {limit, plural, one {# free prompt} other {# free prompts}} left this month', {
            remaining,
            limit: allowance.limit,
          })
        : t('{remaining} of {limit, plural, one {# prompt} other {# prompts}} left this month', {
            remaining,
            limit: allowance.limit,
          })}
      {remaining <= 3 ? (
        <>
          {' · '}
          <Link asChild color="colorPalette.fg" fontWeight="medium">
            <RouterLink to="/plans">{t('Upgrade')}</RouterLink>
          </Link>
        </>
      ) : null}
    </Text>
  );
}

/** Titles by the allowance that refused; the server's message says the rest. */
const upgradeTitles: Record<string, string> = {
  prompts: msg('Prompt limit reached'),
  image_analysis: msg('Image analysis is a Premium feature'),
  image_generation: msg('Image generation is a Premium feature'),
  videos: msg('Video limit reached'),
};

/** The plan's allowance is used up: the server's explanation and a way to upgrade. */
export function UpgradeAlert({ notice, onClose }: { notice: UpgradeNotice; onClose: () => void }) {
  const t = useT();
  return (
    <Alert.Root status="warning" role="alert" maxW="3xl" mx="auto" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t(upgradeTitles[notice.feature ?? ''] ?? msg('Upgrade to continue'))}</Alert.Title>
        <Alert.Description>{notice.message}</Alert.Description>
      </Alert.Content>
      <Button asChild size="sm" colorPalette="purple" flexShrink={0}>
        <RouterLink to={notice.url}>{t('Upgrade')}</RouterLink>
      </Button>
      <CloseButton size="sm" aria-label={t('Dismiss')} onClick={onClose} />
    </Alert.Root>
  );
}
