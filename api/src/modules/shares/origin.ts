import type { Request } from 'express';
import type { Config } from '../../platform/config.ts';

/**
 * The site's origin for the links we write: PUBLIC_URL, or else the request's own host (answers
 * built from it go only to whoever sent that host, so a forged one reaches nobody else).
 */
export const originOf = (config: Config, req?: Request) =>
  config.PUBLIC_URL || !req ? config.publicUrl : `${req.protocol}://${req.get('host')}`;
