import { toPublicUser } from './core/service.ts';
import type { User } from './core/User.ts';

/** A finished sign-in as GraphQL's AuthPayload answers it (the REST shims answer the user alone). */
export const presentSignedIn = (user: User) => ({
  user: toPublicUser(user),
  twoFactorRequired: false,
  methods: [],
});
