import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { CreatedEntity } from '../../../platform/baseEntity.ts';

/** Who may do what: staff roles are given by an admin or ADMIN_USERNAMES (moderation/core/roles.ts). */
export const userRoles = ['user', 'moderator', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

/** A person with an account. `password` holds an argon2id hash and is never serialised. */
export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  extends: CreatedEntity,
  properties: {
    username: p.string().length(50),
    password: p.text().hidden().lazy(),
    email: p.string().length(254),
    displayName: p.string().length(100).nullable(),
    avatar: p.text().nullable(),
    bio: p.text().nullable(),
    points: p.integer().default(0),
    /** Per-user preferences from /settings (dark mode, notifications, streaming). */
    settings: p.json<Record<string, unknown>>().defaultRaw(`'{}'::jsonb`),
    /** When the address in `email` was proved by a link (null: unverified; a changed address resets it). */
    emailVerifiedAt: p.datetime().nullable(),
    /** The last password change or reset (null: never changed since registration). */
    passwordChangedAt: p.datetime().nullable(),
    /** user, moderator or admin (api/src/modules/moderation/core/roles.ts checks it for every staff operation). */
    role: p.enum(userRoles).default('user'),
    /** Banned by staff: sign-in is refused with the reason, and the user's public content is hidden. */
    bannedAt: p.datetime().nullable(),
    /** Suspended by staff until then: sign-in is refused until it passes. */
    suspendedUntil: p.datetime().nullable(),
    /** Why, as staff wrote it: told to the user when sign-in is refused. */
    restrictionReason: p.text().nullable(),
    lastActive: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
  // Case-insensitive uniqueness: "Alice" and "alice" are the same person to a user.
  uniques: [
    {
      name: 'users_username_lower_unique',
      expression: 'create unique index "users_username_lower_unique" on "users" (lower("username"))',
    },
    {
      name: 'users_email_lower_unique',
      expression: 'create unique index "users_email_lower_unique" on "users" (lower("email"))',
    },
  ],
});
export type User = InferEntity<typeof User>;
