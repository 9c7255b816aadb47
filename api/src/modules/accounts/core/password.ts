import argon2 from 'argon2';
import pLimit from 'p-limit';
import { AppError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';

/**
 * argon2id with the library's memory and time costs (64 MiB, 3 passes; above OWASP's minimums) but
 * one lane: node-argon2 runs each lane on its own OS thread, and four per hash crowd out the event
 * loop on a 2-core machine. Older 4-lane hashes still verify, and are re-hashed at sign-in.
 *
 * argon2 runs on libuv's threadpool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which
 * file serving (/media) and DNS share: a burst of logins hashing on every thread used to stall a
 * media file for seconds. So the process hashes at most `concurrency` passwords at a time, queues
 * at most `maxQueue` more, and refuses beyond that (a short wait and a retry, not an unbounded
 * queue of 64 MB hashes). Process-wide on purpose: the threadpool is per process.
 */
/** The library's own memory and time costs; PASSWORD_HASH_MEMORY_KIB / _PASSES change them (tests). */
let hashOptions = {
  type: argon2.argon2id as typeof argon2.argon2id,
  parallelism: 1,
  memoryCost: 65536,
  timeCost: 3,
};
let gate = pLimit(1);
let maxQueue = 32;

/** How many password checks and hashes this process has started; the hardening tests read it. */
export const passwordWork = { verifications: 0, hashes: 0 };

export function configurePasswordHashing(options: {
  concurrency: number;
  maxQueue: number;
  memoryKiB: number;
  passes: number;
}): void {
  if (gate.concurrency !== options.concurrency) gate = pLimit(options.concurrency);
  maxQueue = options.maxQueue;
  hashOptions = { ...hashOptions, memoryCost: options.memoryKiB, timeCost: options.passes };
  decoy = undefined;
}

/** Refused when the queue is full: nothing was checked, so the caller may give the attempt back. */
export class PasswordQueueFull extends AppError {
  constructor() {
    super('RATE_LIMITED', msg('Lots of people are signing in right now. Please try again in a moment.'), {
      retryAfterSeconds: 2,
    });
  }
}

function bounded<T>(work: () => Promise<T>): Promise<T> {
  const waiting = gate.pendingCount + Math.max(0, gate.activeCount + 1 - gate.concurrency);
  if (waiting > maxQueue) return Promise.reject(new PasswordQueueFull());
  return gate(work);
}

export const hashPassword = (plain: string) =>
  bounded(() => {
    passwordWork.hashes++;
    return argon2.hash(plain, hashOptions);
  });

export function verifyPassword(hash: string, plain: string): Promise<boolean> {
  return bounded(async () => {
    passwordWork.verifications++;
    try {
      return await argon2.verify(hash, plain);
    } catch {
      return false;
    }
  });
}

/** Whether a stored hash was made with other parameters than today's (e.g. 4 lanes, or cheaper costs). */
export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, hashOptions);
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
  decoy ??= argon2.hash(`decoy-${Math.random()}`, hashOptions);
  return decoy;
};
