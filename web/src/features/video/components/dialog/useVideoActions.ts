import { useApolloClient, useMutation } from '@apollo/client/react';
import { type Dispatch, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { notifyError, notifySuccess, showToast } from '../../../../components/toaster';
import { isUnauthenticated } from '../../../../graphql/errors';
import { apiPostForm } from '../../../../lib/api';
import { t } from '../../../../lib/i18n';
import { askForNotificationsNow } from '../../../notifications/liveAlerts';
import { CancelVideoMutation, ToggleLikeMutation, VideoAllowanceQuery } from '../../graphql';
import { enhancePrompt } from '../enhancePrompt';
import { copyVideoLink } from '../share';
import type { VideoGeneration } from '../useVideoGeneration';
import type { VideoOptions } from './useVideoOptions';
import type { DialogPhase } from './videoDialogRules';
import { videoRequestOf } from './videoDialogRules';
import type { VideoDraft, VideoDraftAction } from './videoDraft';

const pleaseWait = () => [t('Please Wait'), t('Video is being saved. Try again in a moment.')] as const;

/** Uploads a picture to My Files (POST /api/files, multipart field "file"); resolves with its id. */
async function uploadPicture(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const body = await apiPostForm<{ id?: string }>('/api/files', form);
  if (!body.id) throw new Error(t('The upload failed'));
  return body.id;
}

/** What the dialog's buttons do: Generate, Enhance, the picture, Cancel video, Like, Share and closing. */
export function useVideoActions({
  prompt,
  draft,
  dispatch,
  options,
  generation,
  phase,
  onClose,
  remixOf,
}: {
  prompt: string | null;
  /** "Make one like this": the post the video remixes. */
  remixOf?: string | null;
  draft: VideoDraft;
  dispatch: Dispatch<VideoDraftAction>;
  options: VideoOptions;
  generation: VideoGeneration;
  phase: DialogPhase;
  onClose: () => void;
}) {
  const [toggleLike, { loading: liking }] = useMutation(ToggleLikeMutation);
  const [cancelVideo, { loading: cancelling }] = useMutation(CancelVideoMutation);
  const client = useApolloClient();
  const navigate = useNavigate();
  const { job, post, setPost } = generation;
  const failed = job?.status === 'failed';

  // A failed (or cancelled) video is given back: the allowance line says so at once.
  useEffect(() => {
    if (failed) client.refetchQueries({ include: [VideoAllowanceQuery] }).catch(() => {});
  }, [failed, client]);

  const generate = () => {
    const { detected } = options;
    if (prompt === null || !detected?.prompt || options.outOfVideos) return;
    const request = videoRequestOf({
      prompt,
      edited: draft.text,
      duration: detected.duration,
      size: options.size,
      share: options.share,
      model: options.model?.id,
      image: draft.image,
      remixOf,
    });
    dispatch({ type: 'generate', request, at: Date.now() });
    // A render takes minutes: the moment to ask whether Chorus may say when it is done.
    void askForNotificationsNow();
  };

  const enhance = async () => {
    const idea = options.detected?.prompt;
    if (!idea) return;
    dispatch({ type: 'enhancing' });
    try {
      const { by } = await enhancePrompt(idea, options.model?.id, (text) => dispatch({ type: 'edit', text }));
      dispatch({ type: 'enhanced', by });
    } catch (error) {
      notifyError(t('Could not enhance'), (error as Error).message);
    } finally {
      dispatch({ type: 'enhanceEnded' });
    }
  };

  const cancel = async () => {
    if (!job) return;
    try {
      await cancelVideo({ variables: { id: job.id } });
    } catch (error) {
      console.error('Could not cancel the video', error);
      notifyError(t('Error'), t('Could not cancel the video'));
    }
  };

  /** A picture chosen in the dialog goes to My Files first; the video starts from that file. */
  const choosePicture = async (file: File | undefined) => {
    if (!file) return;
    try {
      const fileId = await uploadPicture(file);
      dispatch({ type: 'image', image: { fileId, url: URL.createObjectURL(file) } });
    } catch (error) {
      notifyError(t('Could not use that picture'), (error as Error).message);
    }
  };

  const shareLink = () => {
    if (!post) {
      notifyError(...pleaseWait());
      return;
    }
    void copyVideoLink(post.slug);
  };

  const like = async () => {
    if (!post) {
      notifyError(...pleaseWait());
      return;
    }
    try {
      const { data } = await toggleLike({ variables: { postId: post.id } });
      if (!data) return;
      setPost({ ...post, ...data.toggleLike });
      notifySuccess(data.toggleLike.likedByMe ? t('Liked!') : t('Unliked'));
    } catch (error) {
      console.error('Could not like the video', error);
      if (isUnauthenticated(error)) notifyError(t('Please Log In'), t('Sign in again to like videos.'));
      else notifyError(t('Error'), t('Could not update your like'));
    }
  };

  // Closing while it renders loses nothing: the server finishes the video and keeps it in My Videos.
  const close = () => {
    // Also before the job's answer has come: the request may already have reached the server.
    if (phase === 'running') {
      showToast({
        type: 'info',
        title: t('Still rendering'),
        description: t('Your video keeps rendering and will be in My Videos when it is done.'),
        action: { label: t('Open My Videos'), onClick: () => navigate('/gallery') },
        duration: 8_000,
      });
    }
    onClose();
  };

  return { generate, enhance, cancel, choosePicture, shareLink, like, close, liking, cancelling };
}
