import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Request, RequestHandler, Response } from 'express';
import { requestUserId } from '../http/principal.ts';
import { requestLanguage, translate } from '../platform/i18n.ts';
import { requireSessionUser } from './respond.ts';

/**
 * The one request adapter of the /api/* shims: each request gets its own EntityManager fork (the
 * design's "one fork per request") and, for signed-in calls, the session's user id or a 401 before
 * anything runs. A shim is then: hand the input to a core service, present the answer.
 * What the shim returns is the answer, sent as JSON (with any status it set); a shim that answers
 * in another way (a stream, a redirect, a page) writes to `res` itself and returns nothing.
 * Express 5 forwards a rejected promise to the REST error handler.
 */
export interface RestCall {
  em: EntityManager;
  req: Request;
  res: Response;
}

export interface SignedInCall extends RestCall {
  userId: string;
}

export interface AnyoneCall extends RestCall {
  /** The signed-in user's id, or null for a visitor. */
  userId: string | null;
}

type WithOrm = { orm: MikroORM };

/**
 * Sends the answer; a `message` the shim wrote as a catalogue text (msg(), e.g. "Your e-mail address is
 * verified.") goes out in the request's language, as errors do (respond.ts). Any other text is sent as it is.
 */
function answer(req: Request, res: Response, result: unknown): void {
  if (result === undefined || res.headersSent) return;
  if (isMessageAnswer(result)) {
    const message = translate(requestLanguage(req.headers['accept-language']), result.message);
    res.json(message === result.message ? result : { ...result, message });
  } else res.json(result);
}

const isMessageAnswer = (result: unknown): result is { message: string } =>
  typeof result === 'object' &&
  result !== null &&
  !Array.isArray(result) &&
  typeof (result as { message?: unknown }).message === 'string';

/**
 * The call's parts, its EntityManager forked on first use: a shim answered from memory (the
 * status, read on every page load) never pays for a fork. Read `em` where it is needed, not in the
 * parameter list's destructuring, for that.
 */
function callOf<U extends string | null>(orm: MikroORM, req: Request, res: Response, userId: U) {
  let em: EntityManager | undefined;
  return {
    get em() {
      em ??= orm.em.fork();
      return em;
    },
    userId,
    req,
    res,
  };
}

/** A call only a signed-in person may make: 401 without a session. */
export const signedIn =
  ({ orm }: WithOrm, fn: (call: SignedInCall) => Promise<unknown> | unknown): RequestHandler =>
  async (req, res) => {
    answer(req, res, await fn(callOf(orm, req, res, requireSessionUser(req))));
  };

/**
 * A signed-in call that acts on the row the path's `:id` names (the service checks it is the user's)
 * and answers `reply`: what deleting one of your things looks like.
 */
export const onOwnRow = (
  services: WithOrm,
  act: (em: EntityManager, userId: string, id: string) => Promise<unknown>,
  reply: unknown,
): RequestHandler =>
  signedIn(services, async ({ em, userId, req }) => {
    await act(em, userId, String(req.params.id));
    return reply;
  });

/** A call open to everyone, signed in or not. */
export const anyone =
  ({ orm }: WithOrm, fn: (call: AnyoneCall) => Promise<unknown> | unknown): RequestHandler =>
  async (req, res) => {
    answer(req, res, await fn(callOf(orm, req, res, requestUserId(req))));
  };
