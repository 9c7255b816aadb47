import type { RequestHandler } from 'express';
import multer from 'multer';
import { uploadFailure } from '../http/inputGuard.ts';
import type { AppError } from '../platform/errors.ts';
import { requireSessionUser } from './respond.ts';

/**
 * Reads one multipart file part named `field`, for signed-in people only (a 401 comes before any
 * byte is read). Multer's own limit errors become the shim's errors through `tooMuch`; anything
 * unreadable in the multipart body is bad input.
 */
export const signedInUpload =
  (upload: multer.Multer, field: string, tooMuch: (err: multer.MulterError) => AppError): RequestHandler =>
  (req, res, next) => {
    requireSessionUser(req);
    upload.single(field)(req, res, (err: unknown) => {
      if (err instanceof multer.MulterError) next(tooMuch(err));
      else next(uploadFailure(err));
    });
  };
