import { readSettings } from '../../platform/config.ts';
import type { AppServices } from '../../platform/module.ts';
import { moderationSettings } from '../moderation/settings.ts';
import { commentLimiter } from './core/commentLimit.ts';
import type { CommentDeps, Viewer } from './core/comments.ts';

/** What the comment services need from the process (both transports build it the same way). */
export const commentDepsOf = (services: AppServices): CommentDeps => ({ limiter: commentLimiter(services) });

/** The viewer: staff (ADMIN_USERNAMES included) also see hidden comments. */
export const viewerOf = (services: AppServices, userId: string | null): Viewer => ({
  id: userId,
  adminUsernames: readSettings(moderationSettings, services.config).ADMIN_USERNAMES,
});
