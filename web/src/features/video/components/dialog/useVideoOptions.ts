import { useQuery } from '@apollo/client/react';
import { VIDEO_DURATIONS, type VideoDuration } from '@chorus/shared/videoRules';
import { useMemo } from 'react';
import { VideoAllowanceQuery, VideoModelsQuery, VideoShareChoiceQuery } from '../../graphql';
import { chosenModel, detectedFrom, isOutOfVideos, modelsFor, sizeFor } from './videoDialogRules';
import type { VideoDraft } from './videoDraft';

/**
 * What the dialog offers for the draft (read while it is open, `prompt` set): the models that apply,
 * the chosen one's lengths and size, the length and prompt read from the text, the share switch and
 * the plan's allowance.
 */
export function useVideoOptions(prompt: string | null, draft: VideoDraft) {
  const closed = prompt === null;
  // Each opening asks again (drawing what it has meanwhile): a model's render estimate follows the
  // renders measured since the last time.
  const { data: modelsData } = useQuery(VideoModelsQuery, { skip: closed, fetchPolicy: 'cache-and-network' });
  const models = modelsFor(modelsData?.videoModels ?? [], draft.image);
  const model = chosenModel(models, draft.modelId);
  const durations = (model?.durations ?? VIDEO_DURATIONS) as readonly VideoDuration[];
  const size = sizeFor(model?.sizes, draft.chosenSize);
  // What the person typed, as it will be rendered: editable (and Enhance rewrites it) until Generate.
  const detected = useMemo(
    () => detectedFrom(prompt, draft.text, durations),
    [prompt, draft.text, durations],
  );
  // The share switch starts at the user's last choice, kept on the server (off for a new user), so
  // it holds on every device; generateVideo remembers the new one.
  const { data: shareData } = useQuery(VideoShareChoiceQuery, { skip: closed, fetchPolicy: 'network-only' });
  const share = draft.share ?? shareData?.mySettings.shareVideos ?? false;
  const { data: allowanceData } = useQuery(VideoAllowanceQuery, {
    skip: closed,
    fetchPolicy: 'network-only',
  });
  const allowance = allowanceData?.allowance;
  return {
    /** The models have arrived (an empty list then means none applies). */
    modelsLoaded: !!modelsData,
    models,
    model,
    durations,
    size,
    detected,
    share,
    allowance,
    outOfVideos: isOutOfVideos(allowance),
  };
}

export type VideoOptions = ReturnType<typeof useVideoOptions>;
