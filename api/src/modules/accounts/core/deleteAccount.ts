import { PASSWORD_MAX } from '@chorus/shared/accountRules';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { AppError, badInput } from '../../../platform/errors.ts';
import { raise } from '../../../platform/hooks.ts';
import { msg } from '../../../platform/i18n.ts';
import { logger } from '../../../platform/logger.ts';
import type { Storage } from '../../../platform/storage.ts';
import { parseInput } from '../../../platform/validation.ts';
import { verifyPassword } from './password.ts';
import { verifySecondFactor } from './secondFactor.ts';
import { User } from './User.ts';

/**
 * "Delete my account" (issue 17, item 7), after the password (and second factor, when enabled) is
 * entered again. A live subscription is cancelled with the payment provider first (a deleted
 * customer must not go on being charged; if that fails nothing is deleted). Then the user's row
 * goes, and with it, by the foreign keys' cascades, everything they own; a friend's conversation
 * stays (conversations.user_*_id is set null) with only the friend's messages. Media last.
 */
export const deleteAccountMessages = {
  passwordMissing: msg('Please enter your password to delete your account'),
  passwordWrong: msg('Your password is not correct'),
  codeWrong: msg('The second-factor code is not correct'),
} as const;

export const deleteAccountInput = z.object({
  password: z
    .string({ error: deleteAccountMessages.passwordMissing })
    .min(1, deleteAccountMessages.passwordMissing)
    .max(PASSWORD_MAX, deleteAccountMessages.passwordWrong),
  code: z.string().trim().max(64).optional(),
});

export interface DeleteAccountDeps {
  storage: Storage;
  /** The payment provider, as billing's gateway offers it (services.billing.gateway). */
  gateway: { cancelSubscription(id: string): Promise<void> };
}

/** Folders of stored media that belong to one user (see the keys in files/, video/ and exports). */
const mediaPrefixes = (userId: string) =>
  ['videos', 'uploads', 'images', 'exports'].map((d) => `${d}/${userId}`);

export async function deleteAccount(
  em: EntityManager,
  deps: DeleteAccountDeps,
  userId: string,
  input: unknown,
): Promise<{ endedSessions: string[] }> {
  const data = parseInput(deleteAccountInput, input);
  const user = await em.findOne(User, { id: userId }, { populate: ['password'] });
  if (!user) throw badInput(msg('User not found'));
  if (!(await verifyPassword(user.password, data.password))) {
    throw badInput(deleteAccountMessages.passwordWrong, { field: 'password' });
  }
  if (!(await verifySecondFactor(em, user, data.code))) {
    throw new AppError('UNAUTHENTICATED', deleteAccountMessages.codeWrong, { field: 'code' });
  }

  const [sub] = await em.execute<{ stripe_subscription_id: string | null }[]>(
    `select stripe_subscription_id from subscriptions
      where user_id = ? and stripe_subscription_id is not null and status not in ('canceled', 'incomplete_expired')`,
    [userId],
  );
  if (sub?.stripe_subscription_id) {
    try {
      await deps.gateway.cancelSubscription(sub.stripe_subscription_id);
    } catch (err) {
      logger.error({ err, userId }, 'subscription could not be cancelled; account kept');
      throw new AppError(
        'UPSTREAM_ERROR',
        msg(
          'We could not cancel your subscription with the payment provider, so nothing was deleted. Please try again in a moment.',
        ),
      );
    }
  }

  const keys = await em.execute<{ key: string }[]>(
    `select storage_key as key from files where user_id = ?
     union select video_key from video_jobs where user_id = ? and video_key is not null
     union select thumbnail_key from video_jobs where user_id = ? and thumbnail_key is not null
     union select storage_key from account_exports where user_id = ? and storage_key is not null`,
    [userId, userId, userId, userId],
  );

  const ended: string[] = [];
  await em.transactional(async (tem) => {
    await tem.execute('select id from users where id = ? for update', [userId]);
    // The sandbox checkout's records are ours (Stripe's own stay at Stripe).
    await tem.execute(`delete from billing_sandbox_objects where data->>'userId' = ?`, [userId]);
    const sessions = await tem.execute<{ sid: string }[]>(
      `delete from sessions where sess->>'userId' = ? returning sid`,
      [userId],
    );
    ended.push(...sessions.map((r) => r.sid));
    await raise('accountDeleting', { em: tem, userId });
    await tem.execute('delete from users where id = ?', [userId]);
    // Threads neither side is left in.
    await tem.execute('delete from conversations where user_a_id is null and user_b_id is null');
  });

  for (const { key } of keys) await deps.storage.delete(key).catch(() => {});
  for (const prefix of mediaPrefixes(userId)) {
    await deps.storage
      .deleteFolder(prefix)
      .catch((err) => logger.warn({ err, prefix }, 'media folder not removed'));
  }
  return { endedSessions: ended };
}
