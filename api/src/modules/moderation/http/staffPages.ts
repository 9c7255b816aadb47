import type { Request, Response } from 'express';
import type { GatedPage, RouteDeps } from '../../../http/module.ts';
import { SESSION_COOKIE } from '../../../http/sessions.ts';
import { readSettings } from '../../../platform/config.ts';
import { effectiveRole, type StaffRole } from '../core/roles.ts';
import { moderationSettings } from '../settings.ts';

/** The console's paths (web/src/features/admin/AdminConsole.tsx's routes): admins only. */
const CONSOLE = /^\/admin(\/(users(\/[^/]+)?|plans|audit|jobs|providers|numbers))?$/;
/** The moderation queue (web/src/features/moderation/pages/ReportsQueuePage.tsx): moderators too. */
const QUEUE = '/admin/reports';

const rank: Record<string, number> = { user: 0, moderator: 1, admin: 2 };

/**
 * The staff pages a direct load (a typed URL, a reload) answers with the app shell, for staff of the
 * page's rank; everyone else, signed out included, keeps the 404 the browser would show them too
 * (the console's existence is not advertised). Each GraphQL operation checks the role on its own.
 */
export function staffPages(deps: RouteDeps): GatedPage[] {
  const { ADMIN_USERNAMES } = readSettings(moderationSettings, deps.config);
  const roleOf = async (req: Request, res: Response) => {
    // No cookie, no session to read (and no database round trip for every stranger's probe).
    if (!(req.headers.cookie ?? '').includes(`${SESSION_COOKIE}=`)) return 'user';
    await new Promise<void>((resolve, reject) =>
      deps.sessionMiddleware(req, res, (err?: unknown) => (err ? reject(err) : resolve())),
    );
    const userId = req.session?.userId;
    if (!userId) return 'user';
    const user = await deps.currentUsers.get(() => deps.orm.em.fork(), userId);
    return user ? effectiveRole(user, ADMIN_USERNAMES) : 'user';
  };
  const gate = (need: StaffRole) => async (req: Request, res: Response) =>
    rank[await roleOf(req, res)]! >= rank[need]!;
  return [
    {
      matches: (path) => path === QUEUE,
      meta: { title: 'Reports', description: 'The moderation queue.' },
      allows: gate('moderator'),
    },
    {
      matches: (path) => CONSOLE.test(path),
      meta: { title: 'Console', description: 'The Chorus admin console.' },
      allows: gate('admin'),
    },
  ];
}
