import type { EntityManager } from '@mikro-orm/postgresql';
import type { Storage } from '../../../platform/storage.ts';
import { storeImage } from '../../files/core/images.ts';
import type { DeltaPublisher } from './answerFanout.ts';
import { generatedImageFile, imageMarkdown } from './answerRules.ts';
import { type Assistant, parseCommand } from './catalogue.ts';
import type { AssistantModels, ProviderProfile } from './models.ts';
import { promptOf } from './reads.ts';
import type { RunningAnswer } from './running.ts';

/**
 * An @image answer: a picture made from the prompt (without its @command), stored as the user's
 * file (a `generated_image`) and shown inline as the answer's whole text. Answers the picture's
 * storage key, which the answer keeps as its image.
 */
export async function writeImageAnswer(
  deps: { profiles: AssistantModels; storage: Storage },
  em: EntityManager,
  answer: {
    userId: string;
    chatId: string;
    messageId: string;
    assistant: Assistant;
    profile: ProviderProfile;
  },
  run: RunningAnswer,
  deltas: DeltaPublisher,
): Promise<string> {
  const prompt = parseCommand((await promptOf(em, answer.chatId, answer.messageId))?.content ?? '').rest;
  const image = await deps.profiles.generateImage(answer.assistant, answer.profile, prompt, run.abort.signal);
  const { name, ext } = generatedImageFile(prompt, image.contentType);
  const file = await storeImage(
    em,
    deps.storage,
    answer.userId,
    { name, bytes: image.bytes, contentType: image.contentType, ext },
    'generated_image',
  );
  run.text = imageMarkdown(prompt, deps.storage.privateUrlOf(file.storageKey));
  deltas.delta(0, run.text);
  return file.storageKey;
}
