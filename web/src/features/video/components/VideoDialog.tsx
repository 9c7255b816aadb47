import { Button, Stack } from '@chakra-ui/react';
import { useEffect, useReducer, useRef } from 'react';
import { LuClapperboard } from 'react-icons/lu';
import { AppDialog, DialogDismiss } from '../../../components/AppDialog';
import { Notice } from '../../../components/Notice';
import { t } from '../../../lib/i18n';
import { storedText } from '../../../lib/storedText';
import { DurationNote } from './dialog/DurationNote';
import { useElapsed } from './dialog/useElapsed';
import { useVideoActions } from './dialog/useVideoActions';
import { useVideoOptions } from './dialog/useVideoOptions';
import { NoVideosLeft, VideoAllowance } from './dialog/VideoAllowance';
import { VideoProgress } from './dialog/VideoProgress';
import { VideoPromptField } from './dialog/VideoPromptField';
import { VideoResult } from './dialog/VideoResult';
import { VideoShareSwitch } from './dialog/VideoShareSwitch';
import { VideoSourceCard } from './dialog/VideoSourceCard';
import { dialogPhase, dialogTitle, timeLeft, type VideoSourceImage } from './dialog/videoDialogRules';
import { initialDraft, videoDraftReducer } from './dialog/videoDraft';
import { useVideoGeneration } from './useVideoGeneration';
import { VideoFramePicker } from './VideoFramePicker';
import { VideoModelPicker } from './VideoModelPicker';

export type { VideoSourceImage } from './dialog/videoDialogRules';

/**
 * Sending while the Video Generator is current (or a message starting with @video) opens this dialog.
 * Before anything is made (or counted) it shows the prompt as it will be rendered, the length read
 * from it (and says so when the length asked for isn't available), how long it takes, and a
 * "Share to the community gallery" switch; Generate starts the video, with live progress and the
 * time left, saves the finished video to the gallery once, and offers the player with Download,
 * View in Gallery, Like and Share. With several video models configured it offers a picker and says
 * only what the chosen one makes; Enhance rewrites the prompt (editable until Generate); it can start
 * from a picture; a running video can be cancelled (not counted).
 *
 * The pieces live in ./dialog: the draft's reducer (videoDraft.ts) and rules (videoDialogRules.ts),
 * the queries (useVideoOptions.ts), the buttons' actions (useVideoActions.ts) and one component per part.
 */
export function VideoDialog({
  prompt,
  onClose,
  image: givenImage = null,
  remixOf = null,
  remixPoster = null,
}: {
  prompt: string | null;
  onClose: () => void;
  /** Image-to-video: the picture it starts from (an @image answer). */
  image?: VideoSourceImage | null;
  /** "Make one like this" on a public video's page: the post this video remixes (credited on its post). */
  remixOf?: string | null;
  /** That post's poster: a remix starts from it when the chosen model takes a picture (removable). */
  remixPoster?: string | null;
}) {
  const [draft, dispatch] = useReducer(videoDraftReducer, givenImage, initialDraft);
  // A new prompt (the dialog opened again) starts at the confirmation step.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the prompt changing is what resets it
  useEffect(() => {
    dispatch({ type: 'reset', image: givenImage });
  }, [prompt, givenImage]);
  const options = useVideoOptions(prompt, draft);
  const { model, models, detected, durations, size, allowance, outOfVideos } = options;
  const generation = useVideoGeneration(draft.request, onClose);
  const { job, post, saving, makePrivate } = generation;
  const started = draft.request !== null;
  const phase = dialogPhase(started, job);
  const actions = useVideoActions({ prompt, draft, dispatch, options, generation, phase, onClose, remixOf });
  const elapsed = useElapsed(draft.startedAt);
  // Offered once, when a model that takes a picture is known: a Remove then stands.
  const posterOffered = useRef(false);
  const takesPictures = !!model?.imageInput;
  useEffect(() => {
    if (!remixOf || !remixPoster || !takesPictures || posterOffered.current || draft.image || started) return;
    posterOffered.current = true;
    dispatch({ type: 'image', image: { url: remixPoster, remixPoster: true } });
  }, [remixOf, remixPoster, takesPictures, draft.image, started]);

  const duration = job?.duration ?? detected?.duration ?? '4';
  const estimate = model?.renderEstimates.find((e) => e.duration === duration);
  const progress = job?.progress ?? 0;
  const status = job?.status ?? 'queued';
  const remaining = timeLeft({
    status,
    progress,
    seconds: job?.seconds ?? Number(duration),
    renderSeconds: estimate?.seconds,
    elapsed,
  });
  const shownPrompt = job?.prompt ?? detected?.prompt ?? '';
  const image = draft.image;
  const ended = phase === 'finished' || phase === 'failed' || phase === 'cancelled';

  return (
    <AppDialog
      open={prompt !== null}
      onClose={actions.close}
      size="lg"
      closeOnInteractOutside={false}
      titleProps={{ display: 'flex', alignItems: 'center', gap: '2' }}
      title={
        <>
          <LuClapperboard aria-hidden="true" /> {dialogTitle(phase)}
        </>
      }
      footer={
        <>
          <DialogDismiss variant={ended ? 'solid' : 'outline'}>
            {started ? t('Close') : t('Cancel')}
          </DialogDismiss>
          {phase === 'running' && job ? (
            <Button
              variant="outline"
              colorPalette="red"
              onClick={() => void actions.cancel()}
              loading={actions.cancelling}
            >
              {t('Cancel video')}
            </Button>
          ) : null}
          {started ? null : (
            <Button
              colorPalette="purple"
              onClick={actions.generate}
              disabled={!detected?.prompt || (!!image && models.length === 0) || outOfVideos}
              aria-describedby={outOfVideos ? 'video-none-left' : undefined}
            >
              <LuClapperboard aria-hidden="true" /> {t('Generate video')}
            </Button>
          )}
        </>
      }
    >
      <Stack gap="4">
        {!started ? (
          <Stack gap="2">
            <VideoModelPicker
              models={models}
              value={model?.id ?? ''}
              onChange={(id) => dispatch({ type: 'chooseModel', id })}
              size={size}
              onSizeChange={(chosen) => dispatch({ type: 'chooseSize', size: chosen })}
            />
          </Stack>
        ) : null}
        {image ? (
          <VideoSourceCard
            image={image}
            onRemove={started ? undefined : () => dispatch({ type: 'image', image: null })}
          />
        ) : null}
        {image && options.modelsLoaded && models.length === 0 ? (
          <Notice
            status="warning"
            size="sm"
            description={t('None of the video models here can start from a picture.')}
          />
        ) : null}
        <VideoPromptField
          promptKey={prompt ?? ''}
          value={started ? shownPrompt : (draft.text ?? detected?.prompt ?? '')}
          onChange={(text) => dispatch({ type: 'edit', text })}
          seconds={job?.seconds ?? Number(duration)}
          size={job?.size ?? size}
          tools={
            started
              ? null
              : {
                  enhancing: draft.enhancing,
                  enhancedBy: draft.enhancedBy,
                  canEnhance: !!detected?.prompt,
                  onEnhance: () => void actions.enhance(),
                  canStartFromPicture: !image && !!model?.imageInput,
                  pickingFrame: draft.pickingFrame,
                  onPickFrame: () => dispatch({ type: 'pickFrame', picking: true }),
                  onPicture: (file) => void actions.choosePicture(file),
                }
          }
        />

        {!started && draft.pickingFrame && !image ? (
          <VideoFramePicker
            onCancel={() => dispatch({ type: 'pickFrame', picking: false })}
            onChoose={(frame) => dispatch({ type: 'frame', frame })}
          />
        ) : null}

        {!started && detected ? (
          <DurationNote detected={detected} durations={durations} renderSeconds={estimate?.seconds ?? null} />
        ) : null}

        {(job?.preview ?? model?.preview) ? (
          <Notice
            status="info"
            size="sm"
            title={t('Preview render')}
            description={t(
              "No video service is configured, so Chorus's built-in renderer makes a preview clip from your prompt, with the length and size you asked for.",
            )}
          />
        ) : null}

        {phase === 'cancelled' ? (
          <Notice
            status="neutral"
            role="status"
            title={t('Video cancelled')}
            data-testid="video-cancelled"
            description={t(
              "You cancelled this video. A video service that had already started it and cannot stop it still counts it toward this month's videos.",
            )}
          />
        ) : phase === 'failed' ? (
          <Notice
            status="error"
            role="alert"
            title={t('Generation Failed')}
            description={
              job?.error ? storedText(t, job.error) : t('An error occurred while generating your video')
            }
          />
        ) : phase === 'finished' && job ? (
          <VideoResult
            job={job}
            prompt={shownPrompt}
            post={post}
            saving={saving}
            liking={actions.liking}
            onMakePrivate={makePrivate}
            onLike={() => void actions.like()}
            onShare={actions.shareLink}
          />
        ) : !started ? (
          <VideoShareSwitch share={options.share} onChange={(share) => dispatch({ type: 'share', share })} />
        ) : (
          <VideoProgress
            progress={progress}
            queued={status === 'queued'}
            remaining={remaining.seconds}
            estimated={remaining.estimated}
          />
        )}

        {!started && outOfVideos ? (
          <NoVideosLeft limit={allowance?.limit} />
        ) : (
          <VideoAllowance allowance={allowance} />
        )}
      </Stack>
    </AppDialog>
  );
}
