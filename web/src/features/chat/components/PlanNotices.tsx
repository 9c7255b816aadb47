import { useQuery } from '@apollo/client/react';
import { Alert, Button, CloseButton, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PromptAllowanceQuery } from '../graphql';
import type { UpgradeNotice } from './useChatSession';

/** "N of 10 free prompts left this month", for plans with a limit; nothing for unlimited ones. */
export function AllowanceHint() {
  const { data } = useQuery(PromptAllowanceQuery);
  const allowance = data?.allowance;
  if (!allowance || allowance.limit === null || allowance.limit === undefined) return null;
  const remaining = allowance.remaining ?? 0;
  const free = allowance.plan === 'free' ? 'free ' : '';
  const noun = allowance.limit === 1 ? 'prompt' : 'prompts';
  return (
    <Text color={remaining === 0 ? { base: 'red.700', _dark: 'red.300' } : 'fg.muted'}>
      {remaining} of {allowance.limit} {free}
      {noun} left this month
      {remaining <= 3 ? (
        <>
          {' · '}
          <Link asChild color="colorPalette.fg" fontWeight="medium">
            <RouterLink to="/plans">Upgrade</RouterLink>
          </Link>
        </>
      ) : null}
    </Text>
  );
}

/** Titles by the allowance that refused; the server's message says the rest. */
const upgradeTitles: Record<string, string> = {
  prompts: 'Prompt limit reached',
  image_analysis: 'Image analysis is a Premium feature',
  image_generation: 'Image generation is a Premium feature',
  videos: 'Video limit reached',
};

/** The plan's allowance is used up: the server's explanation and a way to upgrade. */
export function UpgradeAlert({ notice, onClose }: { notice: UpgradeNotice; onClose: () => void }) {
  return (
    <Alert.Root status="warning" role="alert" maxW="3xl" mx="auto" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{upgradeTitles[notice.feature ?? ''] ?? 'Upgrade to continue'}</Alert.Title>
        <Alert.Description>{notice.message}</Alert.Description>
      </Alert.Content>
      <Button asChild size="sm" colorPalette="purple" flexShrink={0}>
        <RouterLink to={notice.url}>Upgrade</RouterLink>
      </Button>
      <CloseButton size="sm" aria-label="Dismiss" onClick={onClose} />
    </Alert.Root>
  );
}
