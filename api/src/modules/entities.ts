import { User } from './accounts/core/User.ts';
import { CheckoutFulfilment } from './billing/core/CheckoutFulfilment.ts';
import { PaymentHistory } from './billing/core/PaymentHistory.ts';
import { SandboxObject } from './billing/core/SandboxObject.ts';
import { StripeEvent } from './billing/core/StripeEvent.ts';
import { Subscription } from './billing/core/Subscription.ts';
import { Chat } from './chat/core/Chat.ts';
import { Message } from './chat/core/Message.ts';
import { Memory } from './chat/core/memory/Memory.ts';
import { PlanLimit } from './chat/core/PlanLimit.ts';
import { UsageCounter } from './chat/core/UsageCounter.ts';
import { StoredFile } from './files/core/File.ts';
import { ChatFolder } from './folders/core/ChatFolder.ts';
import { ChatShare } from './shares/core/ChatShare.ts';
import { Conversation } from './social/core/Conversation.ts';
import { DirectMessage } from './social/core/DirectMessage.ts';
import { Friendship } from './social/core/Friendship.ts';
import { Invitation } from './social/core/Invitation.ts';
import { OutboxMessage } from './social/core/OutboxMessage.ts';
import { Post } from './video/core/Post.ts';
import { VideoJob } from './video/core/VideoJob.ts';

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
  ChatShare,
  ChatFolder,
];
