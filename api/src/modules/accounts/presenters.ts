import { type PublicUser, toPublicUser } from './core/service.ts';
import type { User } from './core/User.ts';

/** A finished sign-in as GraphQL's AuthPayload answers it (the REST shims answer the user alone). */
export const presentSignedIn = (user: User) => ({
  user: toPublicUser(user),
  twoFactorRequired: false,
  methods: [],
});

/**
 * The user as the REST api answers it: the spec's user object, exactly its fields. The staff role and
 * the account's status are GraphQL's (`me { role status }`, schema/moderation.graphql) only.
 */
export function restUser(user: User | PublicUser) {
  // A PublicUser has its status worked out; an entity has no such field.
  const { role: _role, status: _status, ...spec } = 'status' in user ? user : toPublicUser(user);
  return spec;
}
