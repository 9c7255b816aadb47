import { DEFAULT_VIDEO_SIZE } from '@chorus/shared/videoRules';
import type { VideoRequest } from '../useVideoGeneration';
import type { VideoSourceImage } from './videoDialogRules';

/**
 * What the person has chosen in the video dialog so far, as one reducer (VideoDialog.tsx): the edited
 * prompt, model, size, share switch, picture, the Enhance state, and — once Generate is pressed —
 * the request and when it started. Unit-tested in videoDraft.test.ts.
 */
export interface VideoDraft {
  /** The prompt as edited (or rewritten by Enhance); null while it is still the message's. */
  text: string | null;
  /** The model picked; '' for the first one offered. Kept when the dialog opens again. */
  modelId: string;
  /** The size picked; kept when the dialog opens again (a model that doesn't make it uses its first). */
  chosenSize: string;
  /** The share switch as set in this dialog; null follows the choice the server remembers. */
  share: boolean | null;
  image: VideoSourceImage | null;
  enhancing: boolean;
  /** Who wrote the enhanced prompt, once Enhance has finished. */
  enhancedBy: string | null;
  pickingFrame: boolean;
  /** Set by Generate: what useVideoGeneration starts. */
  request: VideoRequest | null;
  /** When Generate was pressed (ms), for the time-left estimate. */
  startedAt: number | null;
}

export type VideoDraftAction =
  /** A new prompt (the dialog opened again): back to the confirmation step, on the given picture. */
  | { type: 'reset'; image: VideoSourceImage | null }
  | { type: 'edit'; text: string }
  | { type: 'chooseModel'; id: string }
  | { type: 'chooseSize'; size: string }
  | { type: 'share'; share: boolean }
  | { type: 'image'; image: VideoSourceImage | null }
  | { type: 'pickFrame'; picking: boolean }
  | { type: 'frame'; frame: { videoId: string; seconds: number; preview?: string | null } }
  | { type: 'enhancing' }
  | { type: 'enhanced'; by: string }
  | { type: 'enhanceEnded' }
  | { type: 'generate'; request: VideoRequest; at: number };

export function initialDraft(image: VideoSourceImage | null): VideoDraft {
  return {
    text: null,
    modelId: '',
    chosenSize: DEFAULT_VIDEO_SIZE,
    share: null,
    image,
    enhancing: false,
    enhancedBy: null,
    pickingFrame: false,
    request: null,
    startedAt: null,
  };
}

export function videoDraftReducer(draft: VideoDraft, action: VideoDraftAction): VideoDraft {
  switch (action.type) {
    case 'reset':
      // The model, size and a running Enhance carry over; everything about the last prompt doesn't.
      return {
        ...draft,
        request: null,
        startedAt: null,
        text: null,
        enhancedBy: null,
        pickingFrame: false,
        image: action.image,
        share: null,
      };
    case 'edit':
      return { ...draft, text: action.text };
    case 'chooseModel':
      return { ...draft, modelId: action.id };
    case 'chooseSize':
      return { ...draft, chosenSize: action.size };
    case 'share':
      return { ...draft, share: action.share };
    case 'image':
      return { ...draft, image: action.image };
    case 'pickFrame':
      return { ...draft, pickingFrame: action.picking };
    case 'frame':
      return {
        ...draft,
        image: {
          url: action.frame.preview ?? '',
          frame: { videoId: action.frame.videoId, seconds: action.frame.seconds },
        },
        pickingFrame: false,
      };
    case 'enhancing':
      return { ...draft, enhancing: true };
    case 'enhanced':
      return { ...draft, enhancedBy: action.by };
    case 'enhanceEnded':
      return { ...draft, enhancing: false };
    case 'generate':
      return { ...draft, request: action.request, startedAt: action.at };
  }
}
