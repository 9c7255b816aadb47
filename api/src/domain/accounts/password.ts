import argon2 from 'argon2';

/** argon2id with the library's defaults (OWASP-recommended memory and time costs). */
export const hashPassword = (plain: string) => argon2.hash(plain, { type: argon2.argon2id });

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}

/**
 * A real hash of a random password, verified against when the username doesn't exist so a
 * failed login takes the same time whether or not the account exists.
 */
let decoy: Promise<string> | undefined;
export const decoyHash = () => {
  decoy ??= hashPassword(`decoy-${Math.random()}`);
  return decoy;
};
