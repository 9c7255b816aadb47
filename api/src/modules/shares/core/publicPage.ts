import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../platform/errors.ts';
import type { Storage } from '../../../platform/storage.ts';
import { requireShare, type SharedChatView, sharedChatView } from './service.ts';

/** A shared chat exactly as GET /api/shares/{token} answers it (dates as ISO strings). */
export type SharedChatJson = Omit<SharedChatView, 'token' | 'createdAt'> & { createdAt: string };

/** What the server draws /share/{token} with (web.ts, serverRender.ts); one read per request. */
export interface SharePageSource {
  /** Null for a malformed, unknown or revoked token. */
  share(token: string): Promise<SharedChatJson | null>;
}

export function sharePageSource(em: EntityManager, storage: Pick<Storage, 'privateUrlOf'>): SharePageSource {
  const read = new Map<string, Promise<SharedChatJson | null>>();
  return {
    share(token) {
      let share = read.get(token);
      if (!share) {
        share = requireShare(em.fork(), token).then(
          (found) => {
            const view = sharedChatView(found, storage);
            return {
              title: view.title,
              createdAt: view.createdAt.toISOString(),
              messages: view.messages,
              documents: view.documents,
            };
          },
          (error: unknown) => {
            if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
            throw error;
          },
        );
        read.set(token, share);
      }
      return share;
    },
  };
}
