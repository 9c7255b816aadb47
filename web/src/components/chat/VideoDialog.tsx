import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  Dialog,
  HStack,
  Portal,
  Progress,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { detectDuration, remainingSeconds } from '@chorus/api/video-rules';
import { useMemo } from 'react';
import { LuClapperboard, LuDownload, LuGalleryVerticalEnd, LuHeart, LuShare2 } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { isUnauthenticated } from '../../graphql/errors';
import { ToggleLikeMutation, VideoAllowanceQuery } from '../../graphql/video';
import { notifyError, notifySuccess } from '../toaster';
import { copyVideoLink, formatRemaining } from '../video/share';
import { useVideoGeneration } from '../video/useVideoGeneration';
import { VideoPlayer } from '../video/VideoPlayer';

/** "3 of 5 videos left this month", or nothing for plans without a limit. */
function VideoAllowance() {
  const { data } = useQuery(VideoAllowanceQuery, { fetchPolicy: 'network-only' });
  const allowance = data?.allowance;
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

/**
 * Sending while the Video Generator is current (or a message starting with @video) opens this dialog:
 * it starts the video at once, shows live progress with the time left, saves the finished video to
 * the gallery once, and then offers the player with Download, View in Gallery, Like and Share.
 */
export function VideoDialog({ prompt, onClose }: { prompt: string | null; onClose: () => void }) {
  const detected = useMemo(() => (prompt === null ? null : detectDuration(prompt)), [prompt]);
  const { job, post, saving, setPost } = useVideoGeneration(prompt, onClose);
  const [toggleLike, { loading: liking }] = useMutation(ToggleLikeMutation);

  const seconds = job?.seconds ?? Number(detected?.duration ?? 4);
  const progress = job?.progress ?? 0;
  const status = job?.status ?? 'queued';
  const finished = status === 'completed' && !!job?.videoUrl;
  const failed = status === 'failed';
  const shownPrompt = job?.prompt ?? detected?.prompt ?? '';

  const share = () => {
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

  return (
    <Dialog.Root
      open={prompt !== null}
      onOpenChange={(details) => (details.open ? null : onClose())}
      placement="center"
      size="lg"
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title display="flex" alignItems="center" gap="2">
                <LuClapperboard aria-hidden="true" /> {finished ? 'Your video is ready' : 'Generating video'}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Box>
                  <HStack justify="space-between" mb="1" gap="2" wrap="wrap">
                    <Text fontSize="sm" fontWeight="semibold">
                      Your prompt
                    </Text>
                    <HStack gap="2">
                      <Badge colorPalette="purple" variant="subtle">
                        {seconds} seconds
                      </Badge>
                      {job?.size ? <Badge variant="outline">{job.size}</Badge> : null}
                    </HStack>
                  </HStack>
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
                </Box>

                {job?.preview ? (
                  <Alert.Root status="info" size="sm">
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Title>Preview render</Alert.Title>
                      <Alert.Description>
                        No video service is configured, so Chorus's built-in renderer makes a preview clip
                        from your prompt, with the length and size you asked for.
                      </Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                ) : null}

                {failed ? (
                  <Alert.Root status="error" role="alert">
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Title>Generation Failed</Alert.Title>
                      <Alert.Description>
                        {job?.error || 'An error occurred while generating your video'}
                      </Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
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
                    <Text fontSize="sm" color="fg.muted" role="status">
                      {saving ? 'Saving to your gallery...' : post ? 'Saved to your gallery.' : ''}
                    </Text>
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
                      <Button size="sm" variant="outline" onClick={share}>
                        <LuShare2 aria-hidden="true" /> Share
                      </Button>
                    </Wrap>
                  </Stack>
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
                      <Text>{formatRemaining(remainingSeconds(seconds, progress))}</Text>
                    </HStack>
                  </Stack>
                )}

                <VideoAllowance />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant={finished || failed ? 'solid' : 'outline'}>Close</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
