import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, HStack, Progress, Stack, Switch, Text, Textarea, Wrap } from '@chakra-ui/react';
import {
  DEFAULT_VIDEO_SIZE,
  detectDuration,
  durationNote,
  estimatedRemainingSeconds,
  VIDEO_DURATIONS,
  type VideoDuration,
} from '@chorus/shared/videoRules';
import { useEffect, useMemo, useState } from 'react';
import {
  LuClapperboard,
  LuDownload,
  LuFilm,
  LuGalleryVerticalEnd,
  LuHeart,
  LuImage,
  LuShare2,
  LuSparkles,
} from 'react-icons/lu';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { AppDialog, DialogDismiss } from '../../../components/AppDialog';
import { Notice } from '../../../components/Notice';
import { notifyError, notifySuccess, showToast } from '../../../components/toaster';
import type { AllowanceFieldsFragment } from '../../../graphql/__generated__/graphql';
import { isUnauthenticated } from '../../../graphql/errors';
import {
  CancelVideoMutation,
  ToggleLikeMutation,
  VideoAllowanceQuery,
  VideoModelsQuery,
  VideoShareChoiceQuery,
} from '../graphql';
import { enhancePrompt } from './enhancePrompt';
import { copyVideoLink, formatRemaining } from './share';
import { useVideoGeneration, type VideoRequest } from './useVideoGeneration';
import { VideoFramePicker } from './VideoFramePicker';
import { VideoModelPicker } from './VideoModelPicker';
import { VideoPlayer } from './VideoPlayer';

/** "3 of 5 videos left this month", or nothing for plans without a limit. */
function VideoAllowance({ allowance }: { allowance: AllowanceFieldsFragment | undefined }) {
  if (!allowance) return null;
  if (allowance.limit === null || allowance.limit === undefined) {
    return (
      <Text fontSize="sm" color="fg.muted">
        Unlimited videos on your plan
      </Text>
    );
  }
  const remaining = allowance.remaining ?? 0;
  return (
    <Text fontSize="sm" color={remaining === 0 ? { base: 'red.700', _dark: 'red.300' } : 'fg.muted'}>
      {remaining} of {allowance.limit} {allowance.limit === 1 ? 'video' : 'videos'} left this month
      {remaining <= 1 ? (
        <>
          {' · '}
          <RouterLink to="/plans" style={{ textDecoration: 'underline' }}>
            Upgrade
          </RouterLink>
        </>
      ) : null}
    </Text>
  );
}

function progressLabel(progress: number): string {
  if (progress <= 0) return 'Starting...';
  if (progress >= 100) return 'Complete!';
  return `${progress}%`;
}

/** "4, 8 or 12". */
function listOf(durations: readonly string[]): string {
  return durations.length < 2
    ? (durations[0] ?? '')
    : `${durations.slice(0, -1).join(', ')} or ${durations.at(-1)}`;
}

/** "about 6 seconds", "about 2 minutes". */
function roughly(seconds: number): string {
  if (seconds < 60) return `about ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.round(seconds / 60);
  return `about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** The picture an image-to-video starts from: one of the user's files, by id or by its /media address. */
export interface VideoSourceImage {
  url: string;
  fileId?: string;
  /** A frame of one of the user's videos: the server takes it at `seconds`. */
  frame?: { videoId: string; seconds: number };
}

/** Seconds since `since` (ms), ticking once a second while `since` is set. */
function useElapsed(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.max(0, Math.round((now - since) / 1000));
}

/**
 * Sending while the Video Generator is current (or a message starting with @video) opens this dialog.
 * Before anything is made (or counted) it shows the prompt as it will be rendered, the length read
 * from it (and says so when the length asked for isn't available), how long it takes, and a
 * "Share to the community gallery" switch; Generate starts the video, with live progress and the
 * time left, saves the finished video to the gallery once, and offers the player with Download,
 * View in Gallery, Like and Share. With several video models configured it offers a picker and says
 * only what the chosen one makes; Enhance rewrites the prompt (editable until Generate); it can start
 * from a picture; a running video can be cancelled (not counted).
 */
export function VideoDialog({
  prompt,
  onClose,
  image: givenImage = null,
}: {
  prompt: string | null;
  onClose: () => void;
  /** Image-to-video: the picture it starts from (an @image answer). */
  image?: VideoSourceImage | null;
}) {
  const { data: modelsData } = useQuery(VideoModelsQuery, { skip: prompt === null });
  const [image, setImage] = useState<VideoSourceImage | null>(givenImage);
  const allModels = modelsData?.videoModels ?? [];
  // Starting from a picture: only the models that can.
  const models = image ? allModels.filter((m) => m.imageInput) : allModels;
  const [modelId, setModelId] = useState<string>('');
  const options = models.find((m) => m.id === modelId) ?? models[0];
  const durations = (options?.durations ?? VIDEO_DURATIONS) as readonly VideoDuration[];
  // What the person typed, as it will be rendered: editable (and Enhance rewrites it) until Generate.
  const asked = useMemo(
    () => (prompt === null ? null : detectDuration(prompt, durations)),
    [prompt, durations],
  );
  const [text, setText] = useState<string | null>(null);
  const [chosenSize, setChosenSize] = useState<string>(DEFAULT_VIDEO_SIZE);
  // The size chosen when the model makes it, else the model's first.
  const sizes = options?.sizes ?? [DEFAULT_VIDEO_SIZE];
  const size = sizes.includes(chosenSize) ? chosenSize : (sizes[0] ?? DEFAULT_VIDEO_SIZE);
  const fromText = useMemo(() => (text === null ? null : detectDuration(text, durations)), [text, durations]);
  // A length written into the edited prompt wins; otherwise the one read from the message.
  const detected =
    asked && fromText?.phrase ? fromText : asked && { ...asked, prompt: fromText?.prompt ?? asked.prompt };
  // The share switch starts at the user's last choice, kept on the server (off for a new user), so
  // it holds on every device; generateVideo remembers the new one.
  const { data: shareData } = useQuery(VideoShareChoiceQuery, {
    skip: prompt === null,
    fetchPolicy: 'network-only',
  });
  const [shareChoice, setShare] = useState<boolean | null>(null);
  const share = shareChoice ?? shareData?.mySettings.shareVideos ?? false;
  const { data: allowanceData } = useQuery(VideoAllowanceQuery, {
    skip: prompt === null,
    fetchPolicy: 'network-only',
  });
  const allowance = allowanceData?.allowance;
  // The plan's videos are used up: Generate says why instead of failing after the click.
  const outOfVideos = allowance?.limit != null && (allowance.remaining ?? 0) <= 0;
  const [request, setRequest] = useState<VideoRequest | null>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [enhancing, setEnhancing] = useState(false);
  const [enhancedBy, setEnhancedBy] = useState<string | null>(null);
  const [pickingFrame, setPickingFrame] = useState(false);
  // A new prompt (the dialog opened again) starts at the confirmation step.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the prompt changing is what resets it
  useEffect(() => {
    setRequest(null);
    setStartedAt(null);
    setText(null);
    setEnhancedBy(null);
    setPickingFrame(false);
    setImage(givenImage);
    setShare(null);
  }, [prompt, givenImage]);
  const { job, post, saving, setPost, makePrivate } = useVideoGeneration(request, onClose);
  const [toggleLike, { loading: liking }] = useMutation(ToggleLikeMutation);
  const [cancelVideo, { loading: cancelling }] = useMutation(CancelVideoMutation);
  const elapsed = useElapsed(startedAt);
  const client = useApolloClient();
  const navigate = useNavigate();

  const duration = job?.duration ?? detected?.duration ?? '4';
  const seconds = job?.seconds ?? Number(duration);
  const estimate = options?.renderEstimates.find((e) => e.duration === duration);
  const progress = job?.progress ?? 0;
  const status = job?.status ?? 'queued';
  const started = request !== null;
  const finished = status === 'completed' && !!job?.videoUrl;
  const failed = status === 'failed';
  // Cancelled by the person: told in neutral words, not as a failure.
  const cancelled = failed && !!job?.cancelled;
  const shownPrompt = job?.prompt ?? detected?.prompt ?? '';
  const preview = job?.preview ?? options?.preview ?? false;
  // No percentage from the provider: the time left is estimated from the model's typical time.
  const noPercentage = status === 'in_progress' && progress === 0 && !!estimate;
  const remaining = noPercentage
    ? Math.max(0, (estimate?.seconds ?? 0) - elapsed)
    : estimatedRemainingSeconds({ seconds, progress, renderSeconds: estimate?.seconds });

  // A failed (or cancelled) video is given back: the allowance line says so at once.
  useEffect(() => {
    if (failed) client.refetchQueries({ include: [VideoAllowanceQuery] }).catch(() => {});
  }, [failed, client]);

  const generate = () => {
    if (prompt === null || !detected?.prompt || outOfVideos) return;
    setStartedAt(Date.now());
    setRequest({
      prompt: text ?? prompt,
      duration: detected.duration,
      size,
      isPublic: share,
      model: options?.id,
      imageFileId: image?.fileId,
      imageUrl: image && !image.fileId && !image.frame ? image.url : undefined,
      frameVideoId: image?.frame?.videoId,
      frameSeconds: image?.frame?.seconds,
    });
  };

  const enhance = async () => {
    const idea = detected?.prompt;
    if (!idea) return;
    setEnhancing(true);
    try {
      const { by } = await enhancePrompt(idea, options?.id, (so) => setText(so));
      setEnhancedBy(by);
    } catch (error) {
      notifyError('Could not enhance', (error as Error).message);
    } finally {
      setEnhancing(false);
    }
  };

  const cancel = async () => {
    if (!job) return;
    try {
      await cancelVideo({ variables: { id: job.id } });
    } catch (error) {
      console.error('Could not cancel the video', error);
      notifyError('Error', 'Could not cancel the video');
    }
  };

  /** A picture chosen in the dialog goes to My Files first; the video starts from that file. */
  const choosePicture = async (file: File | undefined) => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      const response = await fetch('/api/files', { method: 'POST', body: form, credentials: 'include' });
      const body = (await response.json()) as { id?: string; message?: string };
      if (!response.ok || !body.id) throw new Error(body.message ?? 'The upload failed');
      setImage({ fileId: body.id, url: URL.createObjectURL(file) });
    } catch (error) {
      notifyError('Could not use that picture', (error as Error).message);
    }
  };

  const shareLink = () => {
    if (!post) {
      notifyError('Please Wait', 'Video is being saved. Try again in a moment.');
      return;
    }
    void copyVideoLink(post.slug);
  };

  const like = async () => {
    if (!post) {
      notifyError('Please Wait', 'Video is being saved. Try again in a moment.');
      return;
    }
    try {
      const { data } = await toggleLike({ variables: { postId: post.id } });
      if (!data) return;
      setPost({ ...post, ...data.toggleLike });
      notifySuccess(data.toggleLike.likedByMe ? 'Liked!' : 'Unliked');
    } catch (error) {
      console.error('Could not like the video', error);
      if (isUnauthenticated(error)) notifyError('Please Log In', 'Sign in again to like videos.');
      else notifyError('Error', 'Could not update your like');
    }
  };

  // Closing while it renders loses nothing: the server finishes the video and keeps it in My Videos.
  const close = () => {
    // Also before the job's answer has come: the request may already have reached the server.
    if (started && !finished && !failed) {
      showToast({
        type: 'info',
        title: 'Still rendering',
        description: 'Your video keeps rendering and will be in My Videos when it is done.',
        action: { label: 'Open My Videos', onClick: () => navigate('/gallery') },
        duration: 8_000,
      });
    }
    onClose();
  };

  return (
    <AppDialog
      open={prompt !== null}
      onClose={close}
      size="lg"
      closeOnInteractOutside={false}
      titleProps={{ display: 'flex', alignItems: 'center', gap: '2' }}
      title={
        <>
          <LuClapperboard aria-hidden="true" />{' '}
          {finished ? 'Your video is ready' : started ? 'Generating video' : 'Create a video'}
        </>
      }
      footer={
        <>
          <DialogDismiss variant={finished || failed ? 'solid' : 'outline'}>
            {started ? 'Close' : 'Cancel'}
          </DialogDismiss>
          {started && job && !finished && !failed ? (
            <Button variant="outline" colorPalette="red" onClick={() => void cancel()} loading={cancelling}>
              Cancel video
            </Button>
          ) : null}
          {started ? null : (
            <Button
              colorPalette="purple"
              onClick={generate}
              disabled={!detected?.prompt || (!!image && models.length === 0) || outOfVideos}
              aria-describedby={outOfVideos ? 'video-none-left' : undefined}
            >
              <LuClapperboard aria-hidden="true" /> Generate video
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
              value={options?.id ?? ''}
              onChange={setModelId}
              size={size}
              onSizeChange={setChosenSize}
            />
          </Stack>
        ) : null}
        {image ? (
          <HStack gap="3" borderWidth="1px" rounded="md" p="2">
            {image.url ? (
              <img
                src={image.url}
                alt=""
                style={{
                  maxHeight: '64px',
                  maxWidth: '96px',
                  borderRadius: '6px',
                  objectFit: 'cover',
                }}
              />
            ) : null}
            <Text fontSize="sm" flex="1" data-testid="video-source">
              {image.frame
                ? `Starts from a frame of your video at ${image.frame.seconds.toFixed(1)} s`
                : 'Starts from your picture'}
            </Text>
            {!started ? (
              <Button size="xs" variant="ghost" onClick={() => setImage(null)}>
                Remove
              </Button>
            ) : null}
          </HStack>
        ) : null}
        {image && modelsData && models.length === 0 ? (
          <Notice
            status="warning"
            size="sm"
            description="None of the video models here can start from a picture."
          />
        ) : null}
        <Box>
          <HStack justify="space-between" mb="1" gap="2" wrap="wrap">
            <Text fontSize="sm" fontWeight="semibold">
              Your prompt
            </Text>
            <HStack gap="2">
              <Badge colorPalette="purple" variant="subtle">
                {seconds} seconds
              </Badge>
              <Badge variant="outline">{job?.size ?? size}</Badge>
            </HStack>
          </HStack>
          {started ? (
            <Box
              bg="bg.muted"
              rounded="md"
              px="3"
              py="2"
              whiteSpace="pre-wrap"
              wordBreak="break-word"
              data-testid="video-prompt"
            >
              {shownPrompt || (
                <Text as="span" color="fg.muted">
                  (no prompt)
                </Text>
              )}
            </Box>
          ) : (
            <Textarea
              // A new prompt is a new box: its first text is the prompt as it will be rendered.
              key={prompt ?? ''}
              aria-label="Video prompt"
              data-testid="video-prompt"
              value={text ?? detected?.prompt ?? ''}
              onChange={(event) => setText(event.target.value)}
              readOnly={enhancing}
              autoresize
              rows={2}
              maxLength={2000}
            />
          )}
          {!started ? (
            <HStack mt="2" gap="2" wrap="wrap">
              <Button
                size="xs"
                variant="outline"
                onClick={() => void enhance()}
                loading={enhancing}
                disabled={!detected?.prompt}
              >
                <LuSparkles aria-hidden="true" /> Enhance
              </Button>
              {!image && options?.imageInput && !pickingFrame ? (
                <Button size="xs" variant="outline" onClick={() => setPickingFrame(true)}>
                  <LuFilm aria-hidden="true" /> Start from a frame of a video
                </Button>
              ) : null}
              {!image && options?.imageInput ? (
                <Button size="xs" variant="outline" asChild>
                  <label>
                    <LuImage aria-hidden="true" /> Start from a picture
                    <input
                      type="file"
                      accept="image/png,image/jpeg,image/webp"
                      hidden
                      onChange={(event) => void choosePicture(event.target.files?.[0])}
                    />
                  </label>
                </Button>
              ) : null}
              {enhancedBy ? (
                <Text fontSize="xs" color="fg.muted" role="status">
                  {enhancedBy === 'offline'
                    ? 'A quick rewrite (no assistant key is set). Edit it as you like.'
                    : `Rewritten by ${enhancedBy}. Edit it as you like.`}
                </Text>
              ) : null}
            </HStack>
          ) : null}
        </Box>

        {!started && pickingFrame && !image ? (
          <VideoFramePicker
            onCancel={() => setPickingFrame(false)}
            onChoose={(frame) => {
              setImage({
                url: frame.preview ?? '',
                frame: { videoId: frame.videoId, seconds: frame.seconds },
              });
              setPickingFrame(false);
            }}
          />
        ) : null}

        {!started && detected ? (
          <DurationNote
            note={durationNote(detected, durations)}
            duration={detected.duration}
            phrase={detected.phrase}
            requestedSeconds={detected.requestedSeconds}
            durations={durations}
            renderSeconds={estimate?.seconds ?? null}
          />
        ) : null}

        {preview ? (
          <Notice
            status="info"
            size="sm"
            title="Preview render"
            description="No video service is configured, so Chorus's built-in renderer makes a preview clip from your prompt, with the length and size you asked for."
          />
        ) : null}

        {cancelled ? (
          <Notice
            status="neutral"
            role="status"
            title="Video cancelled"
            data-testid="video-cancelled"
            description="You cancelled this video. A video service that had already started it and cannot stop it still counts it toward this month's videos."
          />
        ) : failed ? (
          <Notice
            status="error"
            role="alert"
            title="Generation Failed"
            description={job?.error || 'An error occurred while generating your video'}
          />
        ) : finished ? (
          <Stack gap="3">
            <VideoPlayer
              src={job.videoUrl ?? undefined}
              poster={job.thumbnailUrl ?? undefined}
              controls
              autoPlay
              muted
              playsInline
              label={`Video: ${shownPrompt}`}
              style={{ borderRadius: '8px', background: 'black' }}
            />
            <HStack gap="2" wrap="wrap">
              <Text fontSize="sm" color="fg.muted" role="status">
                {saving
                  ? 'Saving to your gallery...'
                  : post
                    ? post.isPublic
                      ? 'Saved to your gallery and shared to the community gallery.'
                      : 'Saved to your gallery (private).'
                    : ''}
              </Text>
              {post?.isPublic ? (
                <Button size="xs" variant="ghost" onClick={makePrivate}>
                  Make private
                </Button>
              ) : null}
            </HStack>
            {!job.preview ? (
              <Text fontSize="xs" color="fg.muted" data-testid="video-provenance">
                AI video made with {job.model ?? 'an AI model'}
                {job.provider ? ` (${job.provider})` : ''}
              </Text>
            ) : null}
            <Wrap gap="2">
              <Button asChild size="sm" variant="outline">
                <a href={job.downloadUrl ?? job.videoUrl ?? undefined} download>
                  <LuDownload aria-hidden="true" /> Download
                </a>
              </Button>
              <Button asChild size="sm" variant="outline">
                <RouterLink to="/gallery">
                  <LuGalleryVerticalEnd aria-hidden="true" /> View in Gallery
                </RouterLink>
              </Button>
              <Button
                size="sm"
                variant={post?.likedByMe ? 'solid' : 'outline'}
                colorPalette={post?.likedByMe ? 'pink' : undefined}
                aria-pressed={post?.likedByMe ?? false}
                loading={liking}
                onClick={() => void like()}
              >
                <LuHeart aria-hidden="true" /> {post?.likedByMe ? 'Liked' : 'Like'}
                {post && post.likes > 0 ? ` (${post.likes.toLocaleString()})` : ''}
              </Button>
              <Button size="sm" variant="outline" onClick={shareLink}>
                <LuShare2 aria-hidden="true" /> Share
              </Button>
            </Wrap>
          </Stack>
        ) : !started ? (
          <Box borderWidth="1px" rounded="md" px="3" py="3">
            <Switch.Root
              checked={share}
              onCheckedChange={(details) => setShare(details.checked)}
              colorPalette="purple"
            >
              {/* Announced as a switch (on/off), not a checkbox. */}
              <Switch.HiddenInput role="switch" />
              <Switch.Control>
                <Switch.Thumb />
              </Switch.Control>
              <Switch.Label fontWeight="semibold">Share to the community gallery</Switch.Label>
            </Switch.Root>
            <Text fontSize="sm" color="fg.muted" mt="1" data-testid="video-share-hint">
              {share
                ? 'Anyone can watch it in the community gallery and at its own link.'
                : 'Only you will see it, in My Videos. You can share it later.'}
            </Text>
          </Box>
        ) : (
          <Stack gap="2">
            <Progress.Root
              value={progress}
              max={100}
              colorPalette="purple"
              striped={progress === 0}
              animated={progress === 0}
              translations={{ value: () => 'Generating your video' }}
            >
              <HStack justify="space-between" mb="1">
                <Progress.Label fontSize="sm">Generating your video</Progress.Label>
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
                {progress}% · {status === 'queued' ? 'Waiting to start' : 'Rendering'}
              </Text>
              <Text data-testid="video-remaining">
                {formatRemaining(remaining)}
                {noPercentage ? ' (estimate)' : ''}
              </Text>
            </HStack>
          </Stack>
        )}

        {!started && outOfVideos ? (
          <Notice
            id="video-none-left"
            status="warning"
            size="sm"
            data-testid="video-none-left"
            title="No videos left this month"
            description={
              <>
                Your plan's {allowance?.limit} {allowance?.limit === 1 ? 'video is' : 'videos are'} used up
                until next month.{' '}
                <RouterLink to="/plans" style={{ textDecoration: 'underline', fontWeight: 600 }}>
                  Upgrade for more videos
                </RouterLink>
              </>
            }
          />
        ) : (
          <VideoAllowance allowance={allowance} />
        )}
      </Stack>
    </AppDialog>
  );
}

/** The length that will be made and where it came from, before anything is generated. */
function DurationNote({
  note,
  duration,
  phrase,
  requestedSeconds,
  durations,
  renderSeconds,
}: {
  /** "8 s: the longest this model makes", when the length asked for isn't one it makes. */
  note: string | null;
  duration: string;
  phrase: string | null;
  requestedSeconds: number | null;
  durations: readonly string[];
  renderSeconds: number | null;
}) {
  const takes = renderSeconds ? ` It takes ${roughly(renderSeconds)} to make.` : '';
  if (requestedSeconds !== null) {
    return (
      <Notice
        status="warning"
        size="sm"
        data-testid="video-duration-note"
        title={`${requestedSeconds} seconds isn't available`}
        description={
          <>
            {note ? (
              <Text as="span" display="block" fontWeight="semibold">
                {note}
              </Text>
            ) : null}
            Videos are {listOf(durations)} seconds long, so this one will be {duration} seconds.{takes}
          </>
        }
      />
    );
  }
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="video-duration-note">
      {phrase
        ? `${duration} seconds, read from “${phrase}” in your prompt.`
        : `${duration} seconds (the default). Write ${listOf(
            durations.filter((d) => d !== duration).map((d) => `“${d} seconds”`),
          )} in your prompt for another length.`}
      {takes}
    </Text>
  );
}
