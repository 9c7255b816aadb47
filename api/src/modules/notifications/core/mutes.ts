import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { msg } from '../../../platform/i18n.ts';
import { parseInput, zodText } from '../../../platform/validation.ts';
import { type NotificationKind, notificationKinds } from './notifications.ts';

/**
 * Which kinds of notification a person muted (table notification_mutes). `notify` (core/notifications.ts)
 * writes none of a muted kind, so muting one stops its bell entry, browser alert and sound alike;
 * what was written before stays on the list.
 */
export interface NotificationMutes {
  /** Every kind there is, in the order Settings lists them. */
  kinds: NotificationKind[];
  muted: NotificationKind[];
}

const mutesInput = z.object({
  muted: z.array(
    z.enum(notificationKinds, {
      error: zodText(msg('Each muted kind must be one of: {choices}'), {
        choices: notificationKinds.join(', '),
      }),
    }),
    { error: msg('muted must be a list of notification kinds') },
  ),
});

export async function notificationMutes(em: EntityManager, userId: string): Promise<NotificationMutes> {
  const rows = await em.execute<{ kind: NotificationKind }[]>(
    'select kind from notification_mutes where user_id = ?',
    [userId],
  );
  const muted = new Set(rows.map((r) => r.kind));
  return { kinds: [...notificationKinds], muted: notificationKinds.filter((k) => muted.has(k)) };
}

/** Replaces the person's muted kinds with `muted` (the whole list: a PUT, so a retry lands the same). */
export async function setNotificationMutes(
  em: EntityManager,
  userId: string,
  input: unknown,
): Promise<NotificationMutes> {
  const { muted } = parseInput(mutesInput, input ?? {});
  const kinds = [...new Set(muted)];
  await em.transactional(async (tx) => {
    // One change at a time per person: two saves at once end as one of them, not a mix of both.
    await tx.execute(`select pg_advisory_xact_lock(hashtext('notification_mutes:' || ?))`, [userId]);
    await tx.execute('delete from notification_mutes where user_id = ?', [userId]);
    if (kinds.length > 0)
      await tx.execute(
        `insert into notification_mutes (user_id, kind) values ${kinds.map(() => '(?, ?)').join(', ')}
         on conflict do nothing`,
        kinds.flatMap((k) => [userId, k]),
      );
  });
  return notificationMutes(em, userId);
}
