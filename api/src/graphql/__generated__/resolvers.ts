import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { PublicUser } from '../../domain/accounts/service.ts';
import type { Chat as ChatEntity } from '../../domain/chat/Chat.ts';
import type { Message as MessageEntity } from '../../domain/chat/Message.ts';
import type { Memory as MemoryEntity } from '../../domain/memory/Memory.ts';
import type { GraphQLContext } from '../context.ts';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** An ISO-8601 date-time string in UTC, e.g. 2026-11-22T10:00:00.000Z. */
  DateTime: { input: Date | string; output: Date | string; }
};

/** How much of a metered feature is left this month; null limit/remaining means unlimited. */
export type Allowance = {
  __typename?: 'Allowance';
  feature: Scalars['String']['output'];
  limit?: Maybe<Scalars['Int']['output']>;
  plan: Scalars['String']['output'];
  remaining?: Maybe<Scalars['Int']['output']>;
  used: Scalars['Int']['output'];
};

/** One event of an answer being written. */
export type AnswerEvent = {
  __typename?: 'AnswerEvent';
  error?: Maybe<Scalars['String']['output']>;
  /** snapshot (all text so far), delta (text from offset) or done (final text and status). */
  kind: Scalars['String']['output'];
  messageId: Scalars['ID']['output'];
  offset: Scalars['Int']['output'];
  status: Scalars['String']['output'];
  text: Scalars['String']['output'];
};

/** One of the nine assistants of the catalogue. */
export type Assistant = {
  __typename?: 'Assistant';
  /** Hex colour of the assistant's dot and bubbles. */
  color: Scalars['String']['output'];
  /** The @command that switches to it at the start of a message. */
  command: Scalars['String']['output'];
  description: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  initial: Scalars['String']['output'];
  isDefault: Scalars['Boolean']['output'];
  /** chat, image (answers with a picture) or video (opens the video dialog). */
  kind: Scalars['String']['output'];
  name: Scalars['String']['output'];
  /** True when no API key is configured: it answers through the built-in offline provider. */
  offline: Scalars['Boolean']['output'];
  shortName: Scalars['String']['output'];
  /** Accepts images attached to a message. */
  vision: Scalars['Boolean']['output'];
};

export type AssistantCatalogue = {
  __typename?: 'AssistantCatalogue';
  assistants: Array<Assistant>;
  /** Changes whenever the catalogue or its configuration changes; clients refetch when it differs. */
  version: Scalars['String']['output'];
};

export type AuthPayload = {
  __typename?: 'AuthPayload';
  user: User;
};

export type Chat = {
  __typename?: 'Chat';
  activeModel: Scalars['String']['output'];
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  messages: Array<Message>;
  /** study, rewrite, business or coach; null for a plain chat. */
  mode?: Maybe<Scalars['String']['output']>;
  title: Scalars['String']['output'];
  updatedAt: Scalars['DateTime']['output'];
};


export type ChatMessagesArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
};

export type CheckoutSession = {
  __typename?: 'CheckoutSession';
  portal: Scalars['Boolean']['output'];
  /** Null when the user already pays and url is the billing portal. */
  sessionId?: Maybe<Scalars['String']['output']>;
  url: Scalars['String']['output'];
};

export type CheckoutSessionResult = {
  __typename?: 'CheckoutSessionResult';
  message: Scalars['String']['output'];
  subscription: UserSubscription;
  success: Scalars['Boolean']['output'];
};

export type CreateChatInput = {
  activeModel?: InputMaybe<Scalars['String']['input']>;
  mode?: InputMaybe<Scalars['String']['input']>;
  title?: InputMaybe<Scalars['String']['input']>;
};

export type LoginInput = {
  password: Scalars['String']['input'];
  username: Scalars['String']['input'];
};

/** A durable fact remembered across chats. */
export type Memory = {
  __typename?: 'Memory';
  content: Scalars['String']['output'];
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
};

export type Message = {
  __typename?: 'Message';
  chatId: Scalars['ID']['output'];
  content: Scalars['String']['output'];
  createdAt: Scalars['DateTime']['output'];
  error?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** URLs of images attached to a prompt, or generated as an answer. */
  images: Array<Scalars['String']['output']>;
  /** The assistant id that answered (or was addressed). */
  model?: Maybe<Scalars['String']['output']>;
  role: Scalars['String']['output'];
  /** complete, streaming, error or stopped. */
  status: Scalars['String']['output'];
};

export type Mutation = {
  __typename?: 'Mutation';
  createChat: Chat;
  /**
   * Starts a hosted checkout for planType (monthly, yearly, max, yearlyMax, or premium = monthly).
   * from: register or plans (where cancelling returns to). A user who already pays gets the portal.
   */
  createCheckoutSession: CheckoutSession;
  /** The billing portal, to change or cancel the plan and update the card. */
  createPortalSession: PortalSession;
  deleteChat: Scalars['Boolean']['output'];
  deleteMemory: Scalars['Boolean']['output'];
  login: AuthPayload;
  logout: Scalars['Boolean']['output'];
  /** No-op; lets every domain extend Mutation. */
  noop?: Maybe<Scalars['Boolean']['output']>;
  /** The return from checkout: checks the session with the payment provider and activates the plan. */
  processCheckoutSession: CheckoutSessionResult;
  regenerate: Message;
  /** Creates an account and signs it in. */
  register: AuthPayload;
  renameChat: Chat;
  sendMessage: SendMessagePayload;
  stopGeneration: Message;
  updateProfile: User;
  updateSettings: UserSettings;
};


export type MutationCreateChatArgs = {
  input?: InputMaybe<CreateChatInput>;
};


export type MutationCreateCheckoutSessionArgs = {
  from?: InputMaybe<Scalars['String']['input']>;
  planType: Scalars['String']['input'];
};


export type MutationDeleteChatArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteMemoryArgs = {
  id: Scalars['ID']['input'];
};


export type MutationLoginArgs = {
  input: LoginInput;
};


export type MutationProcessCheckoutSessionArgs = {
  sessionId: Scalars['String']['input'];
};


export type MutationRegenerateArgs = {
  messageId: Scalars['ID']['input'];
};


export type MutationRegisterArgs = {
  input: RegisterInput;
};


export type MutationRenameChatArgs = {
  id: Scalars['ID']['input'];
  title: Scalars['String']['input'];
};


export type MutationSendMessageArgs = {
  input: SendMessageInput;
};


export type MutationStopGenerationArgs = {
  messageId: Scalars['ID']['input'];
};


export type MutationUpdateProfileArgs = {
  input: UpdateProfileInput;
};


export type MutationUpdateSettingsArgs = {
  input: UserSettingsInput;
};

/** One plan of the catalogue (spec §6, §9). Amounts are US cents. */
export type Plan = {
  __typename?: 'Plan';
  amountCents: Scalars['Int']['output'];
  /** The struck-through price shown next to the amount. */
  compareAtCents?: Maybe<Scalars['Int']['output']>;
  features: Array<Scalars['String']['output']>;
  /** Monthly allowances from plan_limits, as the server enforces them. */
  limits: Array<PlanLimit>;
  name: Scalars['String']['output'];
  notIncluded: Array<Scalars['String']['output']>;
  /** month or year; null for Free. */
  period?: Maybe<Scalars['String']['output']>;
  savesLabel?: Maybe<Scalars['String']['output']>;
  savingsLabel?: Maybe<Scalars['String']['output']>;
  storageBytes: Scalars['Float']['output'];
  tagline: Scalars['String']['output'];
  /** free, premium or max. */
  tier: Scalars['String']['output'];
  /** free, monthly, yearly, max or yearlyMax. */
  type: Scalars['ID']['output'];
};

/** A plan's monthly allowance of a metered feature; null limit means unlimited, 0 not included. */
export type PlanLimit = {
  __typename?: 'PlanLimit';
  feature: Scalars['String']['output'];
  limit?: Maybe<Scalars['Int']['output']>;
};

export type Pong = {
  __typename?: 'Pong';
  at: Scalars['DateTime']['output'];
  seq: Scalars['Int']['output'];
  username: Scalars['String']['output'];
};

export type PortalSession = {
  __typename?: 'PortalSession';
  url: Scalars['String']['output'];
};

export type Query = {
  __typename?: 'Query';
  /** What is left of the signed-in user's plan this month: prompts, image_analysis, image_generation or videos. */
  allowance: Allowance;
  catalogue: AssistantCatalogue;
  chat?: Maybe<Chat>;
  /** The signed-in user's chats, most recently updated first. */
  chats: Array<Chat>;
  /** The server's health; true when it can reach its database. */
  healthy: Scalars['Boolean']['output'];
  /** The signed-in user, or null when signed out. */
  me?: Maybe<User>;
  /** What Chorus remembers about the signed-in user, newest first. */
  memories: Array<Memory>;
  messages: Array<Message>;
  /** The signed-in user's settings. */
  mySettings: UserSettings;
  mySubscription: UserSubscription;
  /** The plan catalogue with prices, features and limits. */
  plans: Array<Plan>;
  stripeConfig: StripeConfig;
};


export type QueryAllowanceArgs = {
  feature: Scalars['String']['input'];
};


export type QueryChatArgs = {
  id: Scalars['ID']['input'];
};


export type QueryMessagesArgs = {
  chatId: Scalars['ID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
};

export type RegisterInput = {
  email: Scalars['String']['input'];
  password: Scalars['String']['input'];
  username: Scalars['String']['input'];
};

export type SendMessageInput = {
  /** The assistant picked in the UI; a leading @command in the content wins. */
  assistantId?: InputMaybe<Scalars['String']['input']>;
  /** The chat to send to; omitted: a new chat is created. */
  chatId?: InputMaybe<Scalars['ID']['input']>;
  content: Scalars['String']['input'];
  /** Images uploaded with POST /api/chat/images (at most 4); paid plans (image analysis). */
  imageIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  mode?: InputMaybe<Scalars['String']['input']>;
};

export type SendMessagePayload = {
  __typename?: 'SendMessagePayload';
  activeModel: Scalars['String']['output'];
  /** The answer being written (status streaming); follow it with the answerStream subscription. */
  aiMessage: Message;
  chat: Chat;
  modelChanged: Scalars['Boolean']['output'];
  userMessage: Message;
};

export type StripeConfig = {
  __typename?: 'StripeConfig';
  /** stripe, or sandbox when no Stripe keys are configured (a local test-mode checkout). */
  mode: Scalars['String']['output'];
  publishableKey?: Maybe<Scalars['String']['output']>;
};

export type Subscription = {
  __typename?: 'Subscription';
  /** The answer's text as it is written: a snapshot first (also after reconnecting), then deltas, then done. */
  answerStream: AnswerEvent;
  /**
   * Proves the authenticated graphql-ws channel: sends `count` pongs, one every `intervalMs`,
   * each naming the signed-in user. Fails with UNAUTHENTICATED when signed out.
   */
  ping: Pong;
};


export type SubscriptionAnswerStreamArgs = {
  messageId: Scalars['ID']['input'];
};


export type SubscriptionPingArgs = {
  count?: InputMaybe<Scalars['Int']['input']>;
  intervalMs?: InputMaybe<Scalars['Int']['input']>;
};

export type UpdateProfileInput = {
  bio?: InputMaybe<Scalars['String']['input']>;
  displayName?: InputMaybe<Scalars['String']['input']>;
  email?: InputMaybe<Scalars['String']['input']>;
  username?: InputMaybe<Scalars['String']['input']>;
};

/** A person with an account. Never carries the password. */
export type User = {
  __typename?: 'User';
  avatar?: Maybe<Scalars['String']['output']>;
  bio?: Maybe<Scalars['String']['output']>;
  createdAt: Scalars['DateTime']['output'];
  displayName?: Maybe<Scalars['String']['output']>;
  email: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  lastActive: Scalars['DateTime']['output'];
  points: Scalars['Int']['output'];
  username: Scalars['String']['output'];
};

/** Preferences from /settings, kept per user on the server. */
export type UserSettings = {
  __typename?: 'UserSettings';
  allowNotifications: Scalars['Boolean']['output'];
  darkMode: Scalars['Boolean']['output'];
  enableSounds: Scalars['Boolean']['output'];
  /** Privacy > Enable Response Streaming: answers appear token by token when on. */
  enableStreaming: Scalars['Boolean']['output'];
  /** Privacy > Long-term memory: remember facts you state (name, preferences, goals) across chats. */
  memoryEnabled: Scalars['Boolean']['output'];
};

/** Only the fields given are changed. */
export type UserSettingsInput = {
  allowNotifications?: InputMaybe<Scalars['Boolean']['input']>;
  darkMode?: InputMaybe<Scalars['Boolean']['input']>;
  enableSounds?: InputMaybe<Scalars['Boolean']['input']>;
  enableStreaming?: InputMaybe<Scalars['Boolean']['input']>;
  memoryEnabled?: InputMaybe<Scalars['Boolean']['input']>;
};

/** The signed-in user's plan (planType free when there is no paid subscription). */
export type UserSubscription = {
  __typename?: 'UserSubscription';
  /** The plan ends (back to Free) at currentPeriodEnd. */
  cancelAtPeriodEnd: Scalars['Boolean']['output'];
  currentPeriodEnd?: Maybe<Scalars['DateTime']['output']>;
  currentPeriodStart?: Maybe<Scalars['DateTime']['output']>;
  /** True once a billing account exists, so the billing portal can open. */
  hasBillingAccount: Scalars['Boolean']['output'];
  planType: Scalars['String']['output'];
  /** Stripe's status: active, trialing, past_due, canceled... */
  status: Scalars['String']['output'];
};

export type WithIndex<TObject> = TObject & Record<string, any>;
export type ResolversObject<TObject> = WithIndex<TObject>;

export type ResolverTypeWrapper<T> = Promise<T> | T;


export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;





/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = ResolversObject<{
  Allowance: ResolverTypeWrapper<Allowance>;
  AnswerEvent: ResolverTypeWrapper<AnswerEvent>;
  Assistant: ResolverTypeWrapper<Assistant>;
  AssistantCatalogue: ResolverTypeWrapper<AssistantCatalogue>;
  AuthPayload: ResolverTypeWrapper<Omit<AuthPayload, 'user'> & { user: ResolversTypes['User'] }>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  Chat: ResolverTypeWrapper<ChatEntity>;
  CheckoutSession: ResolverTypeWrapper<CheckoutSession>;
  CheckoutSessionResult: ResolverTypeWrapper<CheckoutSessionResult>;
  CreateChatInput: CreateChatInput;
  DateTime: ResolverTypeWrapper<Scalars['DateTime']['output']>;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  LoginInput: LoginInput;
  Memory: ResolverTypeWrapper<MemoryEntity>;
  Message: ResolverTypeWrapper<MessageEntity>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Plan: ResolverTypeWrapper<Plan>;
  PlanLimit: ResolverTypeWrapper<PlanLimit>;
  Pong: ResolverTypeWrapper<Pong>;
  PortalSession: ResolverTypeWrapper<PortalSession>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  RegisterInput: RegisterInput;
  SendMessageInput: SendMessageInput;
  SendMessagePayload: ResolverTypeWrapper<Omit<SendMessagePayload, 'aiMessage' | 'chat' | 'userMessage'> & { aiMessage: ResolversTypes['Message'], chat: ResolversTypes['Chat'], userMessage: ResolversTypes['Message'] }>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  StripeConfig: ResolverTypeWrapper<StripeConfig>;
  Subscription: ResolverTypeWrapper<Record<PropertyKey, never>>;
  UpdateProfileInput: UpdateProfileInput;
  User: ResolverTypeWrapper<PublicUser>;
  UserSettings: ResolverTypeWrapper<UserSettings>;
  UserSettingsInput: UserSettingsInput;
  UserSubscription: ResolverTypeWrapper<UserSubscription>;
}>;

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = ResolversObject<{
  Allowance: Allowance;
  AnswerEvent: AnswerEvent;
  Assistant: Assistant;
  AssistantCatalogue: AssistantCatalogue;
  AuthPayload: Omit<AuthPayload, 'user'> & { user: ResolversParentTypes['User'] };
  Boolean: Scalars['Boolean']['output'];
  Chat: ChatEntity;
  CheckoutSession: CheckoutSession;
  CheckoutSessionResult: CheckoutSessionResult;
  CreateChatInput: CreateChatInput;
  DateTime: Scalars['DateTime']['output'];
  Float: Scalars['Float']['output'];
  ID: Scalars['ID']['output'];
  Int: Scalars['Int']['output'];
  LoginInput: LoginInput;
  Memory: MemoryEntity;
  Message: MessageEntity;
  Mutation: Record<PropertyKey, never>;
  Plan: Plan;
  PlanLimit: PlanLimit;
  Pong: Pong;
  PortalSession: PortalSession;
  Query: Record<PropertyKey, never>;
  RegisterInput: RegisterInput;
  SendMessageInput: SendMessageInput;
  SendMessagePayload: Omit<SendMessagePayload, 'aiMessage' | 'chat' | 'userMessage'> & { aiMessage: ResolversParentTypes['Message'], chat: ResolversParentTypes['Chat'], userMessage: ResolversParentTypes['Message'] };
  String: Scalars['String']['output'];
  StripeConfig: StripeConfig;
  Subscription: Record<PropertyKey, never>;
  UpdateProfileInput: UpdateProfileInput;
  User: PublicUser;
  UserSettings: UserSettings;
  UserSettingsInput: UserSettingsInput;
  UserSubscription: UserSubscription;
}>;

export type AllowanceResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Allowance'] = ResolversParentTypes['Allowance']> = ResolversObject<{
  feature?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  limit?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  plan?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  remaining?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  used?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type AnswerEventResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AnswerEvent'] = ResolversParentTypes['AnswerEvent']> = ResolversObject<{
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  messageId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  offset?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  text?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type AssistantResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Assistant'] = ResolversParentTypes['Assistant']> = ResolversObject<{
  color?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  command?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  initial?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  isDefault?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  offline?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  shortName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  vision?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
}>;

export type AssistantCatalogueResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AssistantCatalogue'] = ResolversParentTypes['AssistantCatalogue']> = ResolversObject<{
  assistants?: Resolver<Array<ResolversTypes['Assistant']>, ParentType, ContextType>;
  version?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type AuthPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AuthPayload'] = ResolversParentTypes['AuthPayload']> = ResolversObject<{
  user?: Resolver<ResolversTypes['User'], ParentType, ContextType>;
}>;

export type ChatResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Chat'] = ResolversParentTypes['Chat']> = ResolversObject<{
  activeModel?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  messages?: Resolver<Array<ResolversTypes['Message']>, ParentType, ContextType, RequireFields<ChatMessagesArgs, 'limit'>>;
  mode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
}>;

export type CheckoutSessionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CheckoutSession'] = ResolversParentTypes['CheckoutSession']> = ResolversObject<{
  portal?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  sessionId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type CheckoutSessionResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CheckoutSessionResult'] = ResolversParentTypes['CheckoutSessionResult']> = ResolversObject<{
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  subscription?: Resolver<ResolversTypes['UserSubscription'], ParentType, ContextType>;
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
}>;

export interface DateTimeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['DateTime'], any> {
  name: 'DateTime';
}

export type MemoryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Memory'] = ResolversParentTypes['Memory']> = ResolversObject<{
  content?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
}>;

export type MessageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Message'] = ResolversParentTypes['Message']> = ResolversObject<{
  chatId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  content?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  images?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  model?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  role?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type MutationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = ResolversObject<{
  createChat?: Resolver<ResolversTypes['Chat'], ParentType, ContextType, Partial<MutationCreateChatArgs>>;
  createCheckoutSession?: Resolver<ResolversTypes['CheckoutSession'], ParentType, ContextType, RequireFields<MutationCreateCheckoutSessionArgs, 'planType'>>;
  createPortalSession?: Resolver<ResolversTypes['PortalSession'], ParentType, ContextType>;
  deleteChat?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteChatArgs, 'id'>>;
  deleteMemory?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteMemoryArgs, 'id'>>;
  login?: Resolver<ResolversTypes['AuthPayload'], ParentType, ContextType, RequireFields<MutationLoginArgs, 'input'>>;
  logout?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  noop?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  processCheckoutSession?: Resolver<ResolversTypes['CheckoutSessionResult'], ParentType, ContextType, RequireFields<MutationProcessCheckoutSessionArgs, 'sessionId'>>;
  regenerate?: Resolver<ResolversTypes['Message'], ParentType, ContextType, RequireFields<MutationRegenerateArgs, 'messageId'>>;
  register?: Resolver<ResolversTypes['AuthPayload'], ParentType, ContextType, RequireFields<MutationRegisterArgs, 'input'>>;
  renameChat?: Resolver<ResolversTypes['Chat'], ParentType, ContextType, RequireFields<MutationRenameChatArgs, 'id' | 'title'>>;
  sendMessage?: Resolver<ResolversTypes['SendMessagePayload'], ParentType, ContextType, RequireFields<MutationSendMessageArgs, 'input'>>;
  stopGeneration?: Resolver<ResolversTypes['Message'], ParentType, ContextType, RequireFields<MutationStopGenerationArgs, 'messageId'>>;
  updateProfile?: Resolver<ResolversTypes['User'], ParentType, ContextType, RequireFields<MutationUpdateProfileArgs, 'input'>>;
  updateSettings?: Resolver<ResolversTypes['UserSettings'], ParentType, ContextType, RequireFields<MutationUpdateSettingsArgs, 'input'>>;
}>;

export type PlanResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Plan'] = ResolversParentTypes['Plan']> = ResolversObject<{
  amountCents?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  compareAtCents?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  features?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  limits?: Resolver<Array<ResolversTypes['PlanLimit']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  notIncluded?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  period?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  savesLabel?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  savingsLabel?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  storageBytes?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  tagline?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tier?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
}>;

export type PlanLimitResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PlanLimit'] = ResolversParentTypes['PlanLimit']> = ResolversObject<{
  feature?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  limit?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
}>;

export type PongResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Pong'] = ResolversParentTypes['Pong']> = ResolversObject<{
  at?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  seq?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  username?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type PortalSessionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PortalSession'] = ResolversParentTypes['PortalSession']> = ResolversObject<{
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type QueryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = ResolversObject<{
  allowance?: Resolver<ResolversTypes['Allowance'], ParentType, ContextType, RequireFields<QueryAllowanceArgs, 'feature'>>;
  catalogue?: Resolver<ResolversTypes['AssistantCatalogue'], ParentType, ContextType>;
  chat?: Resolver<Maybe<ResolversTypes['Chat']>, ParentType, ContextType, RequireFields<QueryChatArgs, 'id'>>;
  chats?: Resolver<Array<ResolversTypes['Chat']>, ParentType, ContextType>;
  healthy?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  me?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
  memories?: Resolver<Array<ResolversTypes['Memory']>, ParentType, ContextType>;
  messages?: Resolver<Array<ResolversTypes['Message']>, ParentType, ContextType, RequireFields<QueryMessagesArgs, 'chatId' | 'limit'>>;
  mySettings?: Resolver<ResolversTypes['UserSettings'], ParentType, ContextType>;
  mySubscription?: Resolver<ResolversTypes['UserSubscription'], ParentType, ContextType>;
  plans?: Resolver<Array<ResolversTypes['Plan']>, ParentType, ContextType>;
  stripeConfig?: Resolver<ResolversTypes['StripeConfig'], ParentType, ContextType>;
}>;

export type SendMessagePayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SendMessagePayload'] = ResolversParentTypes['SendMessagePayload']> = ResolversObject<{
  activeModel?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  aiMessage?: Resolver<ResolversTypes['Message'], ParentType, ContextType>;
  chat?: Resolver<ResolversTypes['Chat'], ParentType, ContextType>;
  modelChanged?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  userMessage?: Resolver<ResolversTypes['Message'], ParentType, ContextType>;
}>;

export type StripeConfigResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['StripeConfig'] = ResolversParentTypes['StripeConfig']> = ResolversObject<{
  mode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  publishableKey?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type SubscriptionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription']> = ResolversObject<{
  answerStream?: SubscriptionResolver<ResolversTypes['AnswerEvent'], "answerStream", ParentType, ContextType, RequireFields<SubscriptionAnswerStreamArgs, 'messageId'>>;
  ping?: SubscriptionResolver<ResolversTypes['Pong'], "ping", ParentType, ContextType, RequireFields<SubscriptionPingArgs, 'count' | 'intervalMs'>>;
}>;

export type UserResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['User'] = ResolversParentTypes['User']> = ResolversObject<{
  avatar?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  bio?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  displayName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastActive?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  points?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  username?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type UserSettingsResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['UserSettings'] = ResolversParentTypes['UserSettings']> = ResolversObject<{
  allowNotifications?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  darkMode?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  enableSounds?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  enableStreaming?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  memoryEnabled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
}>;

export type UserSubscriptionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['UserSubscription'] = ResolversParentTypes['UserSubscription']> = ResolversObject<{
  cancelAtPeriodEnd?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  currentPeriodEnd?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  currentPeriodStart?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  hasBillingAccount?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  planType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type Resolvers<ContextType = GraphQLContext> = ResolversObject<{
  Allowance?: AllowanceResolvers<ContextType>;
  AnswerEvent?: AnswerEventResolvers<ContextType>;
  Assistant?: AssistantResolvers<ContextType>;
  AssistantCatalogue?: AssistantCatalogueResolvers<ContextType>;
  AuthPayload?: AuthPayloadResolvers<ContextType>;
  Chat?: ChatResolvers<ContextType>;
  CheckoutSession?: CheckoutSessionResolvers<ContextType>;
  CheckoutSessionResult?: CheckoutSessionResultResolvers<ContextType>;
  DateTime?: GraphQLScalarType;
  Memory?: MemoryResolvers<ContextType>;
  Message?: MessageResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  Plan?: PlanResolvers<ContextType>;
  PlanLimit?: PlanLimitResolvers<ContextType>;
  Pong?: PongResolvers<ContextType>;
  PortalSession?: PortalSessionResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  SendMessagePayload?: SendMessagePayloadResolvers<ContextType>;
  StripeConfig?: StripeConfigResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  User?: UserResolvers<ContextType>;
  UserSettings?: UserSettingsResolvers<ContextType>;
  UserSubscription?: UserSubscriptionResolvers<ContextType>;
}>;

