import type { EntityManager } from '@mikro-orm/postgresql';
import { getSettings } from '../../../accounts/core/service.ts';
import { Message } from '../Message.ts';
import type { AssistantModels, ProviderProfile } from '../models.ts';
import { extractFacts } from './extract.ts';
import { remember } from './service.ts';

const INSTRUCTIONS =
  'Extract durable facts the user states about themselves in the message (name, age, location, job, ' +
  'preferences, dislikes, goals, what they are learning). Ignore requests, questions and anything about ' +
  'other people. Answer with a JSON array of short sentences that each start with "The user", or [] if there are none.';

/**
 * Learns from one finished exchange, if the user still has memory on: reads the prompt that the answer replied to and remembers the
 * durable facts in it. Asks `model` (the default assistant's, through the chat's providers) when it
 * has a key, and the rule-based extractor always (it catches names and likes even when the model is down).
 */
export async function distilMemories(
  em: EntityManager,
  input: { userId: string; answerId: string },
  models: Pick<AssistantModels, 'completeText'>,
  model: ProviderProfile | undefined,
): Promise<number> {
  const answer = await em.findOne(Message, { id: input.answerId, chat: { user: input.userId } });
  if (!answer) return 0;
  // The job was queued with the answer; the user may have turned memory off before it ran.
  if (!(await getSettings(em, input.userId)).memoryEnabled) return 0;
  // The prompt it answers: the message it follows (on its branch), else the last one before it.
  const prompt = answer.parentId
    ? await em.findOne(Message, { id: answer.parentId, role: 'user' })
    : await em.findOne(
        Message,
        { chat: answer.chat, role: 'user', createdAt: { $lt: answer.createdAt } },
        { orderBy: { createdAt: 'desc' } },
      );
  if (!prompt) return 0;
  const text = prompt.content.replace(/^\s*@[a-z]+\s*/i, '');
  const facts = new Set(extractFacts(text));
  if (model?.apiKey) {
    for (const fact of await askModel(models, model, text)) facts.add(fact);
  }
  return remember(em, input.userId, [...facts]);
}

async function askModel(
  models: Pick<AssistantModels, 'completeText'>,
  profile: ProviderProfile,
  text: string,
): Promise<string[]> {
  const raw =
    (await models.completeText(
      profile,
      [
        { role: 'system', content: INSTRUCTIONS },
        { role: 'user', content: text.slice(0, 4000) },
      ],
      { timeoutMs: 20_000 },
    )) || '[]';
  try {
    const parsed = JSON.parse(raw.slice(raw.indexOf('['), raw.lastIndexOf(']') + 1));
    return Array.isArray(parsed)
      ? parsed.filter((f): f is string => typeof f === 'string' && f.startsWith('The user')).slice(0, 10)
      : [];
  } catch {
    return [];
  }
}
