import { HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { t } from '../../../../lib/i18n';
import { formatRemaining } from '../share';
import { progressLabel } from './videoDialogRules';

/** The bar while the video renders, its status and the time left (marked when it is an estimate). */
export function VideoProgress({
  progress,
  queued,
  remaining,
  estimated,
}: {
  progress: number;
  /** Not started by the video service yet. */
  queued: boolean;
  /** Seconds left. */
  remaining: number;
  /** The time left is the model's typical time, not the provider's percentage. */
  estimated: boolean;
}) {
  return (
    <Stack gap="2">
      <Progress.Root
        value={progress}
        max={100}
        colorPalette="purple"
        striped={progress === 0}
        animated={progress === 0}
        translations={{ value: () => t('Generating your video') }}
      >
        <HStack justify="space-between" mb="1">
          <Progress.Label fontSize="sm">{t('Generating your video')}</Progress.Label>
          <Text fontSize="sm" fontWeight="semibold" aria-hidden="true">
            {progressLabel(progress)}
          </Text>
        </HStack>
        <Progress.Track aria-valuetext={progressLabel(progress)}>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <HStack justify="space-between" fontSize="sm" color="fg.muted" wrap="wrap" gap="2">
        <Text role="status" data-testid="video-progress">
          {queued
            ? t('{progress}% · Waiting to start', { progress })
            : t('{progress}% · Rendering', { progress })}
        </Text>
        <Text data-testid="video-remaining">
          {formatRemaining(remaining)}
          {estimated ? ` ${t('(estimate)')}` : ''}
        </Text>
      </HStack>
    </Stack>
  );
}
