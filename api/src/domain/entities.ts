import { User } from './accounts/User.ts';
import { CheckoutFulfilment } from './billing/CheckoutFulfilment.ts';
import { PaymentHistory } from './billing/PaymentHistory.ts';
import { SandboxObject } from './billing/SandboxObject.ts';
import { StripeEvent } from './billing/StripeEvent.ts';
import { Subscription } from './billing/Subscription.ts';
import { Chat } from './chat/Chat.ts';
import { Message } from './chat/Message.ts';
import { PlanLimit } from './chat/PlanLimit.ts';
import { UsageCounter } from './chat/UsageCounter.ts';
import { StoredFile } from './files/File.ts';
import { Memory } from './memory/Memory.ts';
import { Conversation } from './messages/Conversation.ts';
import { DirectMessage } from './messages/DirectMessage.ts';
import { Friendship } from './social/Friendship.ts';
import { Invitation } from './social/Invitation.ts';
import { OutboxMessage } from './social/OutboxMessage.ts';
import { Post } from './video/Post.ts';
import { VideoJob } from './video/VideoJob.ts';

/** Every entity the ORM knows; the migrations are generated from this list. */
export const entities = [
  User,
  Chat,
  Message,
  Subscription,
  PaymentHistory,
  Friendship,
  Invitation,
  VideoJob,
  Post,
  PlanLimit,
  UsageCounter,
  Memory,
  StoredFile,
  Conversation,
  DirectMessage,
  OutboxMessage,
  StripeEvent,
  CheckoutFulfilment,
  SandboxObject,
];
