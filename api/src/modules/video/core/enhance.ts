import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { msg } from '../../../platform/i18n.ts';
import { parseInput } from '../../../platform/validation.ts';
import { defaultAssistant } from '../../chat/core/catalogue.ts';
import { type AssistantModels, isOffline } from '../../chat/core/models.ts';
import { consume } from '../../chat/core/usage.ts';
import type { VideoProvider } from './provider.ts';

export const enhancePromptInput = z.object({
  prompt: z
    .string({ error: msg('Please describe the video you want') })
    .max(2000, msg('Prompts are at most 2,000 characters'))
    .refine((s) => s.trim().length > 0, msg('Please describe the video you want')),
  /** The video model it is for (its capabilities shape the advice); the default when absent. */
  model: z.string().max(100).optional(),
});

/** What the assistant is asked to do with the person's idea. */
function instructions(provider: VideoProvider | undefined): string {
  const c = provider?.capabilities;
  return [
    'You rewrite ideas into prompts for an AI video model. Answer with the rewritten prompt only:',
    'one paragraph of at most 80 words, no title, no quotes, no lists, no explanation.',
    'Keep the subject and intent of the idea; add the shot (framing, camera movement), the setting,',
    'lighting, mood and motion a video model needs. Do not mention a length in seconds.',
    c?.audio ? 'This model makes sound: describe the sounds or speech in one short sentence.' : '',
    provider?.model ? `The model is ${provider.model}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The idea as a richer video prompt, streamed from the default chat assistant (counted as one
 * prompt of the plan). With no key for it, a local rewrite that only adds camera and light words,
 * streamed the same way, so the button works everywhere and never pretends to be a model.
 */
export async function enhanceVideoPrompt(
  em: EntityManager,
  models: AssistantModels,
  videoModel: (id?: string) => VideoProvider | undefined,
  userId: string,
  input: unknown,
  signal: AbortSignal,
): Promise<{ by: string; text: AsyncIterable<string> }> {
  const data = parseInput(enhancePromptInput, input);
  const provider = videoModel(data.model);
  const profile = models.get(defaultAssistant.id);
  await consume(em, userId, 'prompts');
  const idea = data.prompt.trim();
  if (isOffline(profile)) {
    const text = `${idea.replace(/[.\s]+$/, '')}. Cinematic shot, slow camera push-in, soft natural light, rich detail, smooth motion.`;
    return { by: 'offline', text: models.streamText(text, 8, signal) };
  }
  return {
    by: defaultAssistant.name,
    text: models.streamAnswer(
      defaultAssistant,
      profile,
      [
        { role: 'system', content: instructions(provider) },
        { role: 'user', content: idea },
      ],
      signal,
    ),
  };
}
