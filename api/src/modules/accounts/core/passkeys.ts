import type { EntityManager } from '@mikro-orm/postgresql';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { z } from 'zod';
import { badInput, notFound, textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { parseInput } from '../../../platform/validation.ts';

/**
 * Passkeys (WebAuthn) through @simplewebauthn/server: registered by a signed-in user, then used
 * either as the login's second factor or on their own (passwordless: a discoverable credential
 * with user verification, i.e. the device's PIN or biometrics). The relying party is PUBLIC_URL's
 * host and origin. Challenges live in the session of the browser that asked for them.
 */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export const relyingPartyOf = (publicUrl: string): RelyingParty => {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: 'Chorus' };
};

const MAX_PASSKEYS = 20;

export async function registrationOptions(
  em: EntityManager,
  rp: RelyingParty,
  user: { id: string; username: string; displayName?: string | null },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await em.execute<{ id: string; transports: string[] }[]>(
    'select id, transports from passkeys where user_id = ?',
    [user.id],
  );
  if (existing.length >= MAX_PASSKEYS)
    throw textError('BAD_USER_INPUT', msg('You can have at most {max} passkeys'), { max: MAX_PASSKEYS });
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userDisplayName: user.displayName ?? user.username,
    // The user handle a discoverable passkey gives back at a passwordless sign-in.
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
}

const registrationInput = z.object({
  name: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string().max(100, msg('A passkey name can be at most 100 characters')).optional(),
  ),
  response: z.looseObject(
    { id: z.string().min(1).max(1024), response: z.looseObject({}) },
    {
      error: msg('The passkey answer is missing'),
    },
  ),
});

/** Verifies the browser's answer to registrationOptions and keeps the new passkey. */
export async function registerPasskey(
  em: EntityManager,
  rp: RelyingParty,
  userId: string,
  expectedChallenge: string | undefined,
  input: unknown,
): Promise<{ id: string; name: string }> {
  const data = parseInput(registrationInput, input);
  if (!expectedChallenge) throw badInput(msg('Start adding the passkey again: the request has expired'));
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: data.response as unknown as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch (e) {
    throw badInput(`The passkey could not be verified: ${(e as Error).message}`);
  }
  if (!verification.verified) throw badInput(msg('The passkey could not be verified'));
  const { credential } = verification.registrationInfo;
  const name = data.name || `Passkey ${new Date().toISOString().slice(0, 10)}`;
  await em.execute(
    `insert into passkeys (id, user_id, public_key, counter, transports, name) values (?, ?, ?, ?, string_to_array(?, ','), ?)`,
    [
      credential.id,
      userId,
      Buffer.from(credential.publicKey),
      credential.counter,
      // A JS array here would be spread into a list of parameters.
      (credential.transports ?? []).join(','),
      name,
    ],
  );
  return { id: credential.id, name };
}

export async function removePasskey(em: EntityManager, userId: string, id: string): Promise<void> {
  const rows = await em.execute<{ id: string }[]>(
    'delete from passkeys where id = ? and user_id = ? returning id',
    [id, userId],
  );
  if (rows.length === 0) throw notFound(msg('Passkey not found'));
}

/**
 * Options for a sign-in with a passkey: for a pending login the user's own passkeys; for a
 * passwordless sign-in none (the browser offers the discoverable ones it has for this site).
 */
export async function authenticationOptions(
  em: EntityManager,
  rp: RelyingParty,
  userId?: string,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allow = userId
    ? await em.execute<{ id: string; transports: string[] }[]>(
        'select id, transports from passkeys where user_id = ?',
        [userId],
      )
    : [];
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: allow.map((c) => ({ id: c.id, transports: c.transports })),
    userVerification: userId ? 'preferred' : 'required',
  });
}

const authenticationInput = z.object({
  response: z.looseObject(
    { id: z.string().min(1).max(1024), response: z.looseObject({}) },
    {
      error: msg('The passkey answer is missing'),
    },
  ),
});

/**
 * Checks a passkey's answer; answers the user it belongs to, or null when it is unknown, belongs to
 * someone else than `expectedUserId`, or doesn't verify. Passwordless (no expected user) requires
 * user verification: the passkey is then the only factor, and must be more than a possession.
 */
export async function verifyPasskey(
  em: EntityManager,
  rp: RelyingParty,
  expectedChallenge: string | undefined,
  input: unknown,
  expectedUserId?: string,
): Promise<string | null> {
  const { response } = parseInput(authenticationInput, input);
  if (!expectedChallenge) throw badInput(msg('Start the passkey sign-in again: the request has expired'));
  const rows = await em.execute<
    { id: string; user_id: string; public_key: Buffer; counter: string; transports: string[] }[]
  >('select id, user_id, public_key, counter, transports from passkeys where id = ?', [response.id]);
  const stored = rows[0];
  if (!stored || (expectedUserId && stored.user_id !== expectedUserId)) return null;
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: stored.id,
        publicKey: new Uint8Array(stored.public_key),
        counter: Number(stored.counter),
        transports: stored.transports,
      },
      requireUserVerification: !expectedUserId,
    });
    if (!verified) return null;
    await em.execute('update passkeys set counter = ?, last_used_at = now() where id = ?', [
      authenticationInfo.newCounter,
      stored.id,
    ]);
    return stored.user_id;
  } catch {
    return null;
  }
}
