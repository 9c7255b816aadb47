import type { Resolvers } from '../__generated__/resolvers.ts';
import { DateTime } from '../scalars.ts';
import { authResolvers } from './auth.ts';
import { baseResolvers } from './base.ts';
import { billingResolvers } from './billing.ts';
import { chatResolvers } from './chat.ts';
import { filesResolvers } from './files.ts';
import { socialResolvers } from './social.ts';
import { videoResolvers } from './video.ts';

/** One resolver map per domain, merged here. */
export const resolvers: Resolvers[] = [
  { DateTime },
  baseResolvers,
  authResolvers,
  chatResolvers,
  videoResolvers,
  filesResolvers,
  socialResolvers,
  billingResolvers,
];
