import type { AnswerSource } from '../../../components/conversation/Sources';
import type { MessageFieldsFragment } from '../../../graphql/__generated__/graphql';
import type { Grounding } from '../../knowledge/components/useGrounding';
import { type CustomBadge, customKey } from './assistants';
import type { SendFailure } from './sendFailure';

/** A compare as saved on its prompt (schema/compare.graphql), with its answers as loaded. */
export type CompareTurnData = NonNullable<MessageFieldsFragment['compare']>;

/** One entry of the message list: a saved message, or the user's prompt while it is being sent. */
export interface UiMessage {
  /** Stable React key: a temporary entry keeps it when the server's copy replaces it. */
  key: string;
  /** Null while the entry is temporary (not saved yet). */
  id: string | null;
  role: 'user' | 'assistant';
  content: string;
  /** The assistant's catalogue id: a built-in one, or `custom:<id>` for a custom assistant. */
  model: string | null;
  /** The custom assistant that wrote it or was asked, as the server named it. */
  customAssistant?: CustomBadge | null;
  /** complete, streaming, error or stopped. */
  status: string;
  error: string | null;
  createdAt: string;
  /** A temporary user entry waiting for the server. */
  pending?: boolean;
  /** A temporary user entry whose send failed; it stays, with a way to try again. */
  failed?: boolean;
  /** Why it failed: Retry only when sending again can work, else the reason (and Upgrade for a plan's). */
  failure?: SendFailure;
  /** URLs of the images attached to a prompt (or generated as an answer). */
  images: readonly string[];
  /** The uploaded images' ids, kept on a temporary entry so a failed send can be tried again. */
  imageIds?: readonly string[];
  /** What a temporary entry was grounded in (files, the web), kept so a failed send can be tried again. */
  grounding?: Grounding;
  /** What an answer cites as [1], [2]… (files' passages, web pages); none when it cites nothing. */
  sources?: readonly AnswerSource[];
  /** The tool calls an answer made (features/tools/components/AnswerToolCalls.tsx). */
  toolCalls?: MessageFieldsFragment['toolCalls'];
  /** The versions of this turn (edits of a prompt, regenerated answers), itself included, oldest first. */
  siblingIds: readonly string[];
  /** An answer's length in tokens, when its provider reported it (never estimated). */
  tokens: number | null;
  /** The model that wrote an answer, as its provider named it. */
  modelName: string | null;
  /** On a compare's prompt: the compare, its columns as loaded (features/compare); else null. */
  compare?: CompareTurnData | null;
}

export interface UpgradeNotice {
  message: string;
  url: string;
  /** The allowance that refused: prompts, image_analysis, image_generation or videos. */
  feature?: string;
}

/** A saved message; a just-created answer comes without `images` (it has none yet). */
type SavedMessage = Omit<
  MessageFieldsFragment,
  | 'images'
  | 'parentId'
  | 'siblingIds'
  | 'tokens'
  | 'modelName'
  | 'compare'
  | 'sources'
  | 'customAssistant'
  | 'toolCalls'
> & {
  customAssistant?: CustomBadge | null;
  toolCalls?: MessageFieldsFragment['toolCalls'];
  sources?: readonly AnswerSource[];
  compare?: CompareTurnData | null;
  images?: readonly string[];
  siblingIds?: readonly string[];
  tokens?: number | null;
  modelName?: string | null;
};

export function toUi(message: SavedMessage): UiMessage {
  return {
    key: message.id,
    id: message.id,
    role: message.role === 'user' ? 'user' : 'assistant',
    content: message.content,
    // A custom assistant's answer is named by its catalogue id (assistants.ts customKey).
    model: message.customAssistant ? customKey(message.customAssistant.id) : (message.model ?? null),
    customAssistant: message.customAssistant ?? null,
    status: message.status,
    error: message.error ?? null,
    createdAt: message.createdAt,
    images: message.images ?? [],
    siblingIds: message.siblingIds ?? [message.id],
    tokens: message.tokens ?? null,
    modelName: message.modelName ?? null,
    compare: message.compare ?? null,
    sources: message.sources ?? [],
    toolCalls: message.toolCalls ?? [],
  };
}

let tempCounter = 0;

/** The user's prompt as shown while it is being sent, under a key its saved copy will keep. */
export function pendingPrompt(
  text: string,
  assistantId: string,
  images: readonly { id: string; url: string }[],
  grounding?: Grounding,
): UiMessage {
  tempCounter += 1;
  return {
    key: `temp-${tempCounter}`,
    id: null,
    role: 'user',
    content: text,
    model: assistantId,
    status: 'complete',
    error: null,
    createdAt: new Date().toISOString(),
    pending: true,
    images: images.map((image) => image.url),
    imageIds: images.map((image) => image.id),
    grounding,
    sources: [],
    siblingIds: [],
    tokens: null,
    modelName: null,
  };
}
