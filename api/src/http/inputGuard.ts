import type { RequestHandler } from 'express';
import { GraphQLError, Kind, type ValidationRule } from 'graphql';
import type multer from 'multer';
import { AppError, badInput } from '../platform/errors.ts';
import { containsNul, NUL_MESSAGE } from '../platform/validation.ts';

/**
 * NUL is refused at the boundary (see domain/validation.ts), in every part of a request, before
 * anything (services, limiters, the database) sees it: the path (raw or %00-encoded), the query
 * string and the parsed body of /api and /graphql requests.
 */
export const rejectNulInput: RequestHandler = (req, _res, next) => {
  const url = req.originalUrl;
  if (url.includes('\u0000') || /%00/i.test(url) || containsNul(req.query) || containsNul(req.body)) {
    next(badInput(NUL_MESSAGE));
    return;
  }
  next();
};

/** A NUL written as `\u0000` inside a GraphQL document's own string literals (variables are checked above). */
export const noNulInStringLiterals: ValidationRule = (context) => ({
  [Kind.STRING](node) {
    if (node.value.includes('\u0000')) {
      context.reportError(new GraphQLError(NUL_MESSAGE, { nodes: node }));
    }
  },
});

/** multer's fileFilter: an upload whose file name holds a NUL is refused before it is read. */
export const refuseNulFileName: NonNullable<multer.Options['fileFilter']> = (_req, file, cb) => {
  if (file.originalname.includes('\u0000')) cb(badInput(NUL_MESSAGE));
  else cb(null, true);
};

/** What busboy (under multer) says about a multipart body it cannot read: the sender's fault, a 400. */
const unreadableMultipart =
  /^(Malformed part header|Malformed urlencoded form|Unexpected end of (form|file)|Multipart: Boundary not found|Missing Content-Type|Malformed content type|Unsupported content type)/;

/** For multer's callback: a body busboy could not parse (e.g. a raw NUL in a part header) becomes a 400. */
export function uploadFailure(err: unknown): unknown {
  if (err instanceof Error && !(err instanceof AppError) && unreadableMultipart.test(err.message)) {
    return badInput(`The upload could not be read: ${err.message}`);
  }
  return err;
}
