import type { HookHandlers } from '../../../platform/module.ts';
import { queueEvent } from './deliveries.ts';

/**
 * What the webhooks module does on other modules' events (module.ts `hooks`): queue a delivery to each
 * endpoint of the person's that subscribes, in the transaction of the change. Each payload's `data`
 * holds only what its owner may see anyway in the app: ids, their own prompt, a title, a friend's
 * public username.
 */
export const webhookReactions: HookHandlers = {
  videoCompleted: async ({ em, videoId, ownerId, prompt }) => {
    await queueEvent(em, ownerId, 'video.completed', { videoId, prompt });
  },
  videoFailed: async ({ em, videoId, ownerId, prompt, error }) => {
    await queueEvent(em, ownerId, 'video.failed', { videoId, prompt, error });
  },
  postPublished: async ({ em, postId, ownerId, title, slug }) => {
    await queueEvent(em, ownerId, 'post.published', { postId, title, slug });
  },
  answerCompleted: async ({ em, messageId, userId }) => {
    const [row] = await em.execute<{ chat_id: string; model: string | null }[]>(
      'select chat_id, model from messages where id = ?',
      [messageId],
    );
    await queueEvent(em, userId, 'answer.completed', {
      messageId,
      chatId: row?.chat_id ?? null,
      assistant: row?.model ?? null,
    });
  },
  friendAccepted: async ({ em, friendshipId, requesterId, accepterId }) => {
    const [friend] = await em.execute<{ username: string }[]>('select username from users where id = ?', [
      accepterId,
    ]);
    await queueEvent(em, requesterId, 'friend.accepted', {
      friendshipId,
      friend: { id: accepterId, username: friend?.username ?? null },
    });
  },
};
