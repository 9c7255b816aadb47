import { authResolvers } from '../modules/accounts/graphql.ts';
import { billingResolvers } from '../modules/billing/graphql.ts';
import { chatResolvers } from '../modules/chat/graphql.ts';
import { filesResolvers } from '../modules/files/graphql.ts';
import { foldersResolvers } from '../modules/folders/graphql.ts';
import { searchResolvers } from '../modules/search/graphql.ts';
import { sharesResolvers } from '../modules/shares/graphql.ts';
import { socialResolvers } from '../modules/social/graphql.ts';
import { videoResolvers } from '../modules/video/graphql.ts';
import type { Resolvers } from './__generated__/resolvers.ts';
import { baseResolvers } from './baseResolvers.ts';
import { DateTime } from './scalars.ts';

/** One resolver map per domain, merged here. */
export const resolvers: Resolvers[] = [
  { DateTime },
  baseResolvers,
  authResolvers,
  chatResolvers,
  videoResolvers,
  filesResolvers,
  socialResolvers,
  sharesResolvers,
  foldersResolvers,
  searchResolvers,
  billingResolvers,
];
