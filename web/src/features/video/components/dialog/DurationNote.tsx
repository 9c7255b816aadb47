import { Text } from '@chakra-ui/react';
import { type DetectedDuration, durationNote } from '@chorus/shared/videoRules';
import { Notice } from '../../../../components/Notice';
import { t } from '../../../../lib/i18n';
import { durationLine, takesLine, unavailableLine } from './videoDialogRules';

/** The length that will be made and where it came from, before anything is generated. */
export function DurationNote({
  detected,
  durations,
  renderSeconds,
}: {
  detected: DetectedDuration;
  durations: readonly string[];
  /** The model's typical time to make this length, when known. */
  renderSeconds: number | null;
}) {
  const { duration, phrase, requestedSeconds } = detected;
  const takes = takesLine(renderSeconds);
  if (requestedSeconds !== null) {
    // "8 s: the longest this model makes", when the length asked for isn't one it makes.
    const note = durationNote(detected, durations);
    return (
      <Notice
        status="warning"
        size="sm"
        data-testid="video-duration-note"
        title={t("{seconds} seconds isn't available", { seconds: requestedSeconds })}
        description={
          <>
            {note ? (
              <Text as="span" display="block" fontWeight="semibold">
                {note}
              </Text>
            ) : null}
            {unavailableLine(duration, durations)}
            {takes}
          </>
        }
      />
    );
  }
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="video-duration-note">
      {durationLine(duration, phrase, durations)}
      {takes}
    </Text>
  );
}
