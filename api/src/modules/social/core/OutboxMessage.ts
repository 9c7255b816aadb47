import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { CreatedEntity } from '../../../platform/baseEntity.ts';
import { ownedByUser } from '../../accounts/core/ownedByUser.ts';
import { Invitation } from './Invitation.ts';

/**
 * Every email and SMS the product sends, written in the same transaction as the invitation and
 * delivered by a worker job. `transport` is fixed when the row is written: smtp and twilio really
 * send; outbox keeps the message here only, readable on its preview page (no mail configured).
 */
export const OutboxMessage = defineEntity({
  name: 'OutboxMessage',
  tableName: 'outbox_messages',
  extends: CreatedEntity,
  properties: ownedByUser({
    invitation: () => p.manyToOne(Invitation).deleteRule('set null').nullable(),
    channel: p.enum(['email', 'sms'] as const),
    transport: p.enum(['smtp', 'twilio', 'outbox'] as const),
    recipient: p.string().length(254),
    subject: p.string().length(255).nullable(),
    text: p.text(),
    html: p.text().nullable(),
    status: p.enum(['queued', 'sent', 'stored', 'failed'] as const).default('queued'),
    /** The provider's id for the sent message (SMTP Message-ID or Twilio SID). */
    providerId: p.string().length(255).nullable(),
    error: p.text().nullable(),
    sentAt: p.datetime().nullable(),
  }),
  // The daily sending limit counts a user's messages of the last 24 hours.
  indexes: [{ name: 'outbox_messages_user_created_idx', properties: ['user', 'createdAt'] }],
});
export type OutboxMessage = InferEntity<typeof OutboxMessage>;
