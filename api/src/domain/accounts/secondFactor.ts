import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from './User.ts';

/**
 * PLACEHOLDER until issue 17 part B (two-factor) lands and replaces this file: accounts have no
 * second factor yet, so there is nothing more to check. Part B's version checks `code` (a TOTP code
 * or an unused recovery code) when the user has a second factor, and answers true when they have none.
 */
export async function verifySecondFactor(
  _em: EntityManager,
  _user: Pick<User, 'id'>,
  _code: string | undefined,
): Promise<boolean> {
  return true;
}
