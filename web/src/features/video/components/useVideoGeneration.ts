import { ServerError } from '@apollo/client/errors';
import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notifyError, notifySuccess, showToast } from '../../../components/toaster';
import type { PostFieldsFragment, VideoJobFieldsFragment } from '../../../graphql/__generated__/graphql';
import { isUnauthenticated, readApiFailure } from '../../../graphql/errors';
import { t } from '../../../lib/i18n';
import { notifyFailure } from '../../../lib/mutationToast';
import { storedText } from '../../../lib/storedText';
import { videoAlert } from '../../notifications/alerts';
import { deliverAlert } from '../../notifications/liveAlerts';
import {
  GalleryQuery,
  GalleryTagsQuery,
  GenerateVideoMutation,
  SavePostMutation,
  UpdatePostMutation,
  VideoAllowanceQuery,
  VideoJobQuery,
  VideoJobUpdatesSubscription,
  VideoShareChoiceQuery,
} from '../graphql';

/** Spec §7/§9: when live updates are unavailable the job's status is asked every 3 s. */
const POLL_MS = 3000;

const isFinished = (job: VideoJobFieldsFragment) => job.status === 'completed' || job.status === 'failed';

/** What the dialog asks for once the person presses Generate. */
export interface VideoRequest {
  /** The prompt as typed after @video (the server removes duration phrases the same way). */
  prompt: string;
  /** The length the dialog announced ('4', '8', '12'). */
  duration: string;
  /** Shared to the community gallery when kept (the server keeps every finished video). */
  isPublic: boolean;
  /** One of the model's sizes ('1280x720'); the default when absent. */
  size?: string;
  /** The video model chosen (an id of videoModels); the deployment's default when absent. */
  model?: string;
  /** Image-to-video: the picture, as one of the user's files or its /media address. */
  imageFileId?: string;
  imageUrl?: string;
  /** Or a frame of one of the user's videos (its id), taken by the server at `frameSeconds`. */
  frameVideoId?: string;
  frameSeconds?: number;
  /** "Make one like this": the public post it remixes (credited on its post). */
  remixOf?: string;
  /** A remix starts from the original's poster (the server copies it). */
  remixPoster?: boolean;
}

export interface VideoGeneration {
  job: VideoJobFieldsFragment | null;
  /** The saved post, once the finished video is in the gallery. */
  post: PostFieldsFragment | null;
  saving: boolean;
  /** Replaces the saved post, e.g. with its new like count. */
  setPost: (post: PostFieldsFragment) => void;
  /** Takes the saved post out of the community gallery. */
  makePrivate: () => void;
}

/**
 * One video from a prompt, as the dialog shows it (spec §4): generation starts when the person presses
 * Generate (after choosing whether to share it),
 * progress arrives over the `videoJobUpdates` subscription (with a 3 s status check whenever the
 * socket goes quiet, so a failed or reconnecting socket never stalls the dialog),
 * a completed video is saved as a post exactly once (public or private as chosen; the dialog
 * offers "Make private"), a failed one says why. A null request (the dialog closed) drops
 * everything, so the next prompt starts fresh.
 */
export function useVideoGeneration(request: VideoRequest | null, onAbort: () => void): VideoGeneration {
  const client = useApolloClient();
  const navigate = useNavigate();
  const [job, setJob] = useState<VideoJobFieldsFragment | null>(null);
  const [post, setPost] = useState<PostFieldsFragment | null>(null);
  const [saving, setSaving] = useState(false);
  // Kept in refs so a new callback identity never restarts (and re-charges) a generation.
  const onAbortRef = useRef(onAbort);
  onAbortRef.current = onAbort;
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  /** One click in the dialog: the video leaves the community gallery. */
  const makePrivate = useCallback(
    async (postId: string, isCurrent: () => boolean) => {
      try {
        const { data } = await client.mutate({
          mutation: UpdatePostMutation,
          variables: { id: postId, input: { isPublic: false } },
        });
        if (!data) return;
        if (isCurrent()) setPost(data.updatePost);
        notifySuccess(t('Video is private'), t('Only you can see it, in My Videos.'));
        client.refetchQueries({ include: [GalleryQuery, GalleryTagsQuery] }).catch(() => {});
      } catch (error) {
        console.error('Could not make the video private', error);
        notifyFailure(t('Error'), error, t('Could not make your video private'));
      }
    },
    [client],
  );

  const save = useCallback(
    async (videoId: string, isPublic: boolean, isCurrent: () => boolean) => {
      setSaving(true);
      try {
        const { data } = await client.mutate({
          mutation: SavePostMutation,
          variables: { input: { videoId, isPublic } },
        });
        if (!isCurrent() || !data) return;
        const saved = data.savePost;
        setPost(saved);
        if (saved.isPublic) {
          // No "Make private" in the toast: it shows over the video dialog, whose focus trap (and
          // aria-hidden outside it) leaves a toast's button out of reach of the keyboard and screen
          // readers. The dialog offers the same button beside its "Saved" line (VideoDialog.tsx).
          showToast({
            type: 'success',
            title: t('Video Saved!'),
            description: t('Your video is in your gallery and shared to the community gallery.'),
            duration: 8_000,
          });
        } else {
          notifySuccess(t('Video Saved!'), t('Your video is in your gallery. Only you can see it.'));
        }
        client.refetchQueries({ include: [GalleryQuery, GalleryTagsQuery] }).catch(() => {});
      } catch (error) {
        if (!isCurrent()) return;
        console.error('Could not save the video', error);
        if (isUnauthenticated(error)) notifyError(t('Please Log In'), t('Sign in again to save your video.'));
        else {
          notifyFailure(t('Error'), error, t('Could not save your video'));
        }
      } finally {
        if (isCurrent()) setSaving(false);
      }
    },
    [client],
  );

  useEffect(() => {
    if (request === null) return;
    let current = true;
    const isCurrent = () => current;
    let finished = false;
    let lastProgress = -1;
    let lastHeard = 0;
    let pollTimer: number | undefined;
    let subscription: { unsubscribe: () => void } | undefined;

    /** Takes the newest state from either source; a late, older answer never moves the bar back. */
    const apply = (next: VideoJobFieldsFragment) => {
      if (!current || finished) return;
      if (!isFinished(next) && next.progress < lastProgress) return;
      lastProgress = next.progress;
      lastHeard = Date.now();
      setJob(next);
      if (next.status === 'completed') {
        finished = true;
        void save(next.id, request.isPublic, isCurrent);
        // "Allow Notifications": told in the background tab where the video was waited for.
        void deliverAlert(videoAlert('completed', next.prompt));
      } else if (next.status === 'failed') {
        finished = true;
        // A cancel is the person's own doing: the dialog says so calmly, no error toast.
        if (!next.cancelled) {
          notifyError(
            t('Generation Failed'),
            next.error ? storedText(t, next.error) : t('An error occurred while generating your video'),
          );
          void deliverAlert(videoAlert('failed', next.prompt, next.error));
        }
      }
    };

    /**
     * The safety net under the subscription: every 3 s, if the socket has said nothing for that long
     * (it failed, is reconnecting, or the job is simply slow), ask for the job's status directly.
     */
    const poll = (id: string) => {
      pollTimer = window.setTimeout(async () => {
        if (!current || finished) return;
        if (Date.now() - lastHeard >= POLL_MS) {
          try {
            const { data } = await client.query({
              query: VideoJobQuery,
              variables: { id },
              fetchPolicy: 'no-cache',
            });
            if (data?.videoJob) apply(data.videoJob);
          } catch (error) {
            console.error('Could not check the video status', error);
          }
        }
        if (current && !finished) poll(id);
      }, POLL_MS);
    };

    const follow = (id: string) => {
      poll(id);
      subscription = client
        .subscribe({ query: VideoJobUpdatesSubscription, variables: { id }, fetchPolicy: 'no-cache' })
        .subscribe({
          next: (result) => {
            const update = result.data?.videoJobUpdates;
            if (update) apply(update);
            else console.error('Live video progress failed; checking every 3 s instead', result.error);
          },
          error: (error: unknown) =>
            console.error('Live video progress unavailable; checking every 3 s instead', error),
        });
    };

    // Deferred so React's development double-run of effects starts one video, not two.
    const startTimer = window.setTimeout(async () => {
      try {
        const { data } = await client.mutate({
          mutation: GenerateVideoMutation,
          variables: {
            input: {
              prompt: request.prompt,
              duration: request.duration,
              // Remembered on the server as the user's choice for the next video.
              share: request.isPublic,
              ...(request.size ? { size: request.size } : {}),
              ...(request.model ? { model: request.model } : {}),
              ...(request.imageFileId ? { imageFileId: request.imageFileId } : {}),
              ...(request.imageUrl ? { imageUrl: request.imageUrl } : {}),
              ...(request.frameVideoId !== undefined && request.frameSeconds !== undefined
                ? { frameVideoId: request.frameVideoId, frameSeconds: request.frameSeconds }
                : {}),
              ...(request.remixOf ? { remixOf: request.remixOf } : {}),
              ...(request.remixPoster ? { remixPoster: true } : {}),
            },
          },
        });
        // The next dialog starts at this choice at once (the server remembered it).
        client.refetchQueries({ include: [VideoAllowanceQuery, VideoShareChoiceQuery] }).catch(() => {});
        if (!current || !data) return;
        apply(data.generateVideo);
        if (!isFinished(data.generateVideo)) follow(data.generateVideo.id);
      } catch (error) {
        if (!current) return;
        console.error('Could not start the video', error);
        const failure = readApiFailure(error);
        if (failure.kind === 'rejected') {
          const upgrade = failure.upgradeUrl;
          notifyError(
            t('Error'),
            failure.message,
            upgrade ? { label: t('See plans'), onClick: () => navigateRef.current(upgrade) } : undefined,
          );
        } else if (ServerError.is(error)) {
          notifyError(t('Error'), t('Server error: {status}', { status: error.statusCode }));
        } else {
          notifyError(t('Error'), t('Failed to generate video'));
        }
        onAbortRef.current();
      }
    }, 0);

    return () => {
      current = false;
      window.clearTimeout(startTimer);
      window.clearTimeout(pollTimer);
      subscription?.unsubscribe();
      setJob(null);
      setPost(null);
      setSaving(false);
    };
  }, [request, client, save]);

  const postId = post?.id;
  const makeThisPrivate = useCallback(() => {
    if (postId) void makePrivate(postId, () => true);
  }, [makePrivate, postId]);

  return { job, post, saving, setPost, makePrivate: makeThisPrivate };
}
