import { Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { Notice } from '../../../../components/Notice';
import type { AllowanceFieldsFragment } from '../../../../graphql/__generated__/graphql';
import { t } from '../../../../lib/i18n';
import { allowanceLine } from './videoDialogRules';

/** "3 of 5 videos left this month", or "Unlimited videos on your plan". */
export function VideoAllowance({ allowance }: { allowance: AllowanceFieldsFragment | undefined }) {
  if (!allowance) return null;
  const line = allowanceLine(allowance);
  if (!line) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {t('Unlimited videos on your plan')}
      </Text>
    );
  }
  return (
    <Text fontSize="sm" color={line.remaining === 0 ? { base: 'red.700', _dark: 'red.300' } : 'fg.muted'}>
      {line.text}
      {line.remaining <= 1 ? (
        <>
          {' · '}
          <RouterLink to="/plans" style={{ textDecoration: 'underline' }}>
            {t('Upgrade')}
          </RouterLink>
        </>
      ) : null}
    </Text>
  );
}

/** The plan's videos are used up; Generate points here (aria-describedby="video-none-left"). */
export function NoVideosLeft({ limit }: { limit: number | null | undefined }) {
  return (
    <Notice
      id="video-none-left"
      status="warning"
      size="sm"
      data-testid="video-none-left"
      title={t('No videos left this month')}
      description={
        <>
          {t(
            "{limit, plural, one {Your plan's # video is used up until next month.} other {Your plan's # videos are used up until next month.}}",
            { limit: limit ?? 0 },
          )}{' '}
          <RouterLink to="/plans" style={{ textDecoration: 'underline', fontWeight: 600 }}>
            {t('Upgrade for more videos')}
          </RouterLink>
        </>
      }
    />
  );
}
