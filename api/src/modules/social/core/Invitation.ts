import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { CreatedEntity } from '../../../platform/baseEntity.ts';
import { ownedByUser } from '../../accounts/core/ownedByUser.ts';
import { User } from '../../accounts/core/User.ts';

/** A referral invitation sent by `user` by email, SMS, contact or shared app link. */
export const Invitation = defineEntity({
  name: 'Invitation',
  tableName: 'invitations',
  extends: CreatedEntity,
  properties: ownedByUser(
    {
      inviteType: p.enum(['email', 'sms', 'contact', 'app'] as const),
      inviteValue: p.string().length(254).nullable(),
      status: p.enum(['pending', 'accepted', 'expired'] as const).default('pending'),
      token: p.string().length(64).unique(),
      message: p.text().nullable(),
      expiresAt: p.datetime().nullable(),
      /** Who registered through this invitation (then status is accepted). */
      acceptedBy: () => p.manyToOne(User).deleteRule('set null').nullable(),
      acceptedAt: p.datetime().nullable(),
    },
    { indexed: true },
  ),
});
export type Invitation = InferEntity<typeof Invitation>;
