import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { PublicUser } from '../../modules/accounts/core/service.ts';
import type { Chat as ChatEntity } from '../../modules/chat/core/Chat.ts';
import type { Message as MessageEntity } from '../../modules/chat/core/Message.ts';
import type { Memory as MemoryEntity } from '../../modules/chat/core/memory/Memory.ts';
import type { VideoJobView } from '../../modules/video/core/jobs.ts';
import type { PostView } from '../../modules/video/core/posts.ts';
import type { StoredFile as StoredFileEntity } from '../../modules/files/core/File.ts';
import type { FriendView, FriendshipView } from '../../modules/social/core/friends.ts';
import type { ConversationView, DirectMessageView } from '../../modules/social/core/directMessages.ts';
import type { InvitationView } from '../../modules/social/core/invitations.ts';
import type { ChatShare as ChatShareEntity } from '../../modules/shares/core/ChatShare.ts';
import type { ChatFolder as ChatFolderEntity } from '../../modules/folders/core/ChatFolder.ts';
import type { SharedChatView } from '../../modules/shares/core/service.ts';
import type { ImportView } from '../../modules/transfer/core/imports.ts';
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

/** Export my data: a zip built by a worker job. */
export type AccountExport = {
  __typename?: 'AccountExport';
  createdAt: Scalars['DateTime']['output'];
  /** Where the zip downloads from, once ready (its owner only). */
  downloadUrl?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** 0–100. */
  progress: Scalars['Int']['output'];
  /** queued, running, ready or failed. */
  status: Scalars['String']['output'];
};

/** One signed-in browser or app of the user's (the profile's sessions list). */
export type AccountSession = {
  __typename?: 'AccountSession';
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** The session this request came with. */
  current: Scalars['Boolean']['output'];
  /** A hash of the session's id (the id itself is the cookie's secret and never leaves the server). */
  id: Scalars['ID']['output'];
  ip: Scalars['String']['output'];
  lastActiveAt?: Maybe<Scalars['DateTime']['output']>;
  userAgent: Scalars['String']['output'];
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
  /** On done: the model that wrote the answer, as its provider named it. */
  modelName?: Maybe<Scalars['String']['output']>;
  offset: Scalars['Int']['output'];
  status: Scalars['String']['output'];
  text: Scalars['String']['output'];
  /** On done: the answer's token count, when its provider reported one. */
  tokens?: Maybe<Scalars['Int']['output']>;
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
  /** How the second step may be completed: totp, recovery, passkey. */
  methods: Array<Scalars['String']['output']>;
  /** The password was right but the account has two-factor authentication: not signed in yet. */
  twoFactorRequired: Scalars['Boolean']['output'];
  /** The signed-in user; null while a second factor is still to be given (twoFactorRequired). */
  user?: Maybe<User>;
};

export type ChangePasswordInput = {
  currentPassword: Scalars['String']['input'];
  newPassword: Scalars['String']['input'];
};

export type Chat = {
  __typename?: 'Chat';
  activeModel: Scalars['String']['output'];
  createdAt: Scalars['DateTime']['output'];
  /** The folder it is in; null for none. */
  folderId?: Maybe<Scalars['ID']['output']>;
  id: Scalars['ID']['output'];
  /** Its messages along the path it shows, a page at a time (at most 100 a page), from the latest back. */
  messagePage: MessagePage;
  messages: Array<Message>;
  /** study, rewrite, business or coach; null for a plain chat. */
  mode?: Maybe<Scalars['String']['output']>;
  /** Pinned chats come first in the list. */
  pinned: Scalars['Boolean']['output'];
  title: Scalars['String']['output'];
  updatedAt: Scalars['DateTime']['output'];
};


export type ChatMessagePageArgs = {
  before?: InputMaybe<Scalars['ID']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


export type ChatMessagesArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
};

/** A folder of your chats. Deleting it keeps its chats (they go back to no folder). */
export type ChatFolder = {
  __typename?: 'ChatFolder';
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  /** 1 to 60 characters. */
  name: Scalars['String']['output'];
  /** Sidebar order, smallest first. */
  position: Scalars['Int']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

/** How an import of chats is going (issue 18, item 4). The file itself is uploaded to POST /api/imports. */
export type ChatImport = {
  __typename?: 'ChatImport';
  chatsImported: Scalars['Int']['output'];
  createdAt: Scalars['DateTime']['output'];
  /** Why it failed (nothing of it was saved). */
  error?: Maybe<Scalars['String']['output']>;
  /** chorus, chatgpt or claude. */
  format: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  messagesImported: Scalars['Int']['output'];
  /** 0–100. */
  progress: Scalars['Int']['output'];
  /** queued, running, completed or failed. */
  status: Scalars['String']['output'];
};

/** A page of the signed-in user's chats: pinned first (the latest pinned on top), then most recently updated first. */
export type ChatPage = {
  __typename?: 'ChatPage';
  chats: Array<Chat>;
  /** Pass as chatPage's after for the next page; null on the last page. */
  nextCursor?: Maybe<Scalars['String']['output']>;
};

/** A read-only link to a snapshot of one of your chats. */
export type ChatShare = {
  __typename?: 'ChatShare';
  createdAt: Scalars['DateTime']['output'];
  messageCount: Scalars['Int']['output'];
  /** The chat's title when the link was made. */
  title: Scalars['String']['output'];
  /** The link's secret: whoever holds it can read the snapshot. */
  token: Scalars['String']['output'];
  /** The page that shows it: /share/{token} on this site. */
  url: Scalars['String']['output'];
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

export type Conversation = {
  __typename?: 'Conversation';
  id: Scalars['ID']['output'];
  lastMessage?: Maybe<DirectMessage>;
  /** The other person. */
  participant: Friend;
  /** Messages from the other person you have not read yet. */
  unreadCount: Scalars['Int']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

export type CreateChatInput = {
  activeModel?: InputMaybe<Scalars['String']['input']>;
  mode?: InputMaybe<Scalars['String']['input']>;
  title?: InputMaybe<Scalars['String']['input']>;
};

export type DeleteAccountInput = {
  /** A TOTP or recovery code, when two-factor authentication is on. */
  code?: InputMaybe<Scalars['String']['input']>;
  password: Scalars['String']['input'];
};

export type DirectMessage = {
  __typename?: 'DirectMessage';
  content: Scalars['String']['output'];
  conversationId: Scalars['ID']['output'];
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  readAt?: Maybe<Scalars['DateTime']['output']>;
  senderId: Scalars['ID']['output'];
};

export type DirectMessagePage = {
  __typename?: 'DirectMessagePage';
  /** Older messages exist: ask again with before = the first message's id. */
  hasMore: Scalars['Boolean']['output'];
  /** Oldest first. */
  messages: Array<DirectMessage>;
};

/** Spec §3: the client's view of a friend. */
export type Friend = {
  __typename?: 'Friend';
  avatar?: Maybe<Scalars['String']['output']>;
  displayName?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  lastActive: Scalars['DateTime']['output'];
  /** Active in the last 10 minutes. */
  online: Scalars['Boolean']['output'];
  username: Scalars['String']['output'];
};

export type FriendRequestPayload = {
  __typename?: 'FriendRequestPayload';
  /** True when they had already asked you: your request accepted theirs. */
  accepted: Scalars['Boolean']['output'];
  friendship: Friendship;
};

/** A friend request, or an accepted friendship, seen by one of its two people. */
export type Friendship = {
  __typename?: 'Friendship';
  createdAt: Scalars['DateTime']['output'];
  /** incoming (the other person asked you) or outgoing (you asked). */
  direction: Scalars['String']['output'];
  /** Who was asked. */
  friendId: Scalars['ID']['output'];
  id: Scalars['ID']['output'];
  /** The other person. */
  other: Friend;
  /** pending, accepted, declined or blocked. */
  status: Scalars['String']['output'];
  updatedAt: Scalars['DateTime']['output'];
  /** Who asked. */
  userId: Scalars['ID']['output'];
};

export type GenerateVideoInput = {
  /** Seconds, one of the model's durations; detected from the prompt when absent. */
  duration?: InputMaybe<Scalars['String']['input']>;
  /** The moment of that video to take the frame at, in seconds. */
  frameSeconds?: InputMaybe<Scalars['Float']['input']>;
  /** Or a frame of one of the user's finished videos: its id (with frameSeconds). */
  frameVideoId?: InputMaybe<Scalars['ID']['input']>;
  /** Image-to-video: one of the user's picture files (an @image answer, an upload, a video's thumbnail). */
  imageFileId?: InputMaybe<Scalars['ID']['input']>;
  /** Or the picture's /media/… address as the app shows it (an @image answer). */
  imageUrl?: InputMaybe<Scalars['String']['input']>;
  /** One of videoModels' ids; the deployment's default when absent. */
  model?: InputMaybe<Scalars['String']['input']>;
  prompt: Scalars['String']['input'];
  /** Default 1280x720. */
  size?: InputMaybe<Scalars['String']['input']>;
};

/** Spec §3: the client's view of an invitation. */
export type Invitation = {
  __typename?: 'Invitation';
  createdAt: Scalars['DateTime']['output'];
  email?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  phone?: Maybe<Scalars['String']['output']>;
  /** pending, accepted or expired. */
  status: Scalars['String']['output'];
  /** email, sms, contact or app. */
  type: Scalars['String']['output'];
};

export type InvitationLink = {
  __typename?: 'InvitationLink';
  token: Scalars['String']['output'];
};

/** What the invite page shows about a link. */
export type InvitePreview = {
  __typename?: 'InvitePreview';
  expiresAt?: Maybe<Scalars['DateTime']['output']>;
  inviter: Inviter;
  /** pending (usable), accepted (used) or expired. */
  status: Scalars['String']['output'];
};

export type Inviter = {
  __typename?: 'Inviter';
  avatar?: Maybe<Scalars['String']['output']>;
  displayName?: Maybe<Scalars['String']['output']>;
  username: Scalars['String']['output'];
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
  /** Why an answer failed (status error); on a complete answer, a note, e.g. that it reached the model's length limit. */
  error?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** URLs of images attached to a prompt, or generated as an answer (owner-only URLs). */
  images: Array<Scalars['String']['output']>;
  /** The assistant id that answered (or was addressed). */
  model?: Maybe<Scalars['String']['output']>;
  /** The model that wrote an answer, as its provider named it; null for offline answers and prompts. */
  modelName?: Maybe<Scalars['String']['output']>;
  /** The message this one follows; null for the chat's first prompt (and its edits). */
  parentId?: Maybe<Scalars['ID']['output']>;
  role: Scalars['String']['output'];
  /** The versions of this turn (an edited prompt, a regenerated answer), itself included, oldest first. */
  siblingIds: Array<Scalars['ID']['output']>;
  /** complete, streaming, error or stopped. */
  status: Scalars['String']['output'];
  /** An answer's length in tokens as its provider reported it; null when it reported none (never estimated). */
  tokens?: Maybe<Scalars['Int']['output']>;
};

/** A page of a chat's messages along the path it shows, oldest first; the first page is the latest. */
export type MessagePage = {
  __typename?: 'MessagePage';
  messages: Array<Message>;
  /** Pass as messagePage's before for the messages above these (it is the id of the first of them); null when these start the chat. */
  olderCursor?: Maybe<Scalars['ID']['output']>;
};

export type Mutation = {
  __typename?: 'Mutation';
  acceptFriendRequest: Friendship;
  /** Cancels an unfinished video: it is not counted, and the provider stops rendering it. */
  cancelVideo: VideoJob;
  /** Needs the current password (wrong ones count against the login limit); ends every other session. */
  changePassword: User;
  /** Continues a shared chat as a new chat of your own, with its messages copied. */
  continueSharedChat: Chat;
  createChat: Chat;
  /** At most 100 folders per user. */
  createChatFolder: ChatFolder;
  /** Makes a link to the chat as it is now; later messages do not appear in it. */
  createChatShare: ChatShare;
  /**
   * Starts a hosted checkout for planType (monthly, yearly, max, yearlyMax, or premium = monthly).
   * from: register or plans (where cancelling returns to). A user who already pays gets the portal.
   */
  createCheckoutSession: CheckoutSession;
  /** The billing portal, to change or cancel the plan and update the card. */
  createPortalSession: PortalSession;
  declineFriendRequest: Friendship;
  /** Deletes the account and everything in it; needs the password (and second factor when on). */
  deleteAccount: Scalars['Boolean']['output'];
  deleteChat: Scalars['Boolean']['output'];
  /** Deletes the folder; its chats stay, in no folder. */
  deleteChatFolder: Scalars['Boolean']['output'];
  /** Deletes one of the user's uploads and its stored bytes. NOT_FOUND for anyone else's file. */
  deleteFile: Scalars['Boolean']['output'];
  deleteMemory: Scalars['Boolean']['output'];
  /** Deletes the post with its video and thumbnail. */
  deletePost: Scalars['Boolean']['output'];
  /** Turns every second factor off (TOTP, recovery codes, passkeys); needs the password. */
  disableTwoFactor: Scalars['Boolean']['output'];
  /** A sent prompt written again: a new version of it with a new answer, now the chat's path. */
  editMessage: SendMessagePayload;
  /** Turns TOTP on with a code from the new secret; answers the 10 recovery codes, shown only now. */
  enableTotp: Array<Scalars['String']['output']>;
  /** E-mails a reset link when an account uses the address; answers the same message either way. */
  forgotPassword: Scalars['String']['output'];
  generateInvitation: InvitationLink;
  /** Queues a video (counted against the plan's monthly videos); follow it with videoJobUpdates. */
  generateVideo: VideoJob;
  login: AuthPayload;
  /** The login's second step: a code from the authenticator app or an unused recovery code. */
  loginSecondFactor: AuthPayload;
  logout: Scalars['Boolean']['output'];
  /** Marks the other person's messages read (opening a conversation). */
  markConversationRead: Conversation;
  /** Puts one of your chats in one of your folders, or in none (folderId null). */
  moveChatToFolder: Chat;
  /** No-op; lets every domain extend Mutation. */
  noop?: Maybe<Scalars['Boolean']['output']>;
  /** The conversation with a friend, created on first use. */
  openConversation: Conversation;
  /** The return from checkout: checks the session with the payment provider and activates the plan. */
  processCheckoutSession: CheckoutSessionResult;
  /** Counts a view (once per viewer per day). */
  recordView: Post;
  /** Writes an answer again: a retry rewrites a failed one; another version of one the user got is a new sibling, now the chat's path. */
  regenerate: Message;
  /** Creates an account and signs it in. */
  register: AuthPayload;
  /** Ends the friendship with the user `friendId` (or withdraws your request to them). */
  removeFriend: Scalars['Boolean']['output'];
  renameChat: Chat;
  /** Sends a new verification link (with a cooldown). */
  resendVerificationEmail: Scalars['String']['output'];
  /** Sets the password from a reset link (single use, 30 minutes) and ends every session of the account. */
  resetPassword: Scalars['String']['output'];
  /** Revokes one of your links: it answers 404 from then on. */
  revokeChatShare: Scalars['Boolean']['output'];
  /** Signs out every session but this one; answers how many ended. */
  revokeOtherSessions: Scalars['Int']['output'];
  /** Signs out one of your sessions (by its id from mySessions). */
  revokeSession: Scalars['Boolean']['output'];
  /** Saves a finished video as a post; saving the same video again returns the existing post. */
  savePost: Post;
  /** Shows another version of a turn; answers the chat's new path. */
  selectMessageVersion: Array<Message>;
  /** Sends one of your links to a friend as a direct message. */
  sendChatShare: DirectMessage;
  sendDirectMessage: DirectMessage;
  sendEmailInvitation: SentInvitation;
  sendFriendRequest: FriendRequestPayload;
  sendMessage: SendMessagePayload;
  sendSmsInvitation: SentInvitation;
  setChatPinned: Chat;
  /** Starts an export of everything you own, or answers the one already under way. */
  startAccountExport: AccountExport;
  startTotpSetup: TotpSetup;
  stopGeneration: Message;
  /** Likes or unlikes (one like per user). */
  toggleLike: Post;
  updateChatFolder: ChatFolder;
  updatePost: Post;
  updateProfile: User;
  updateSettings: UserSettings;
  /** Proves the address with the token of the e-mailed link /verify-email?token=… */
  verifyEmail: Scalars['String']['output'];
};


export type MutationAcceptFriendRequestArgs = {
  id: Scalars['ID']['input'];
};


export type MutationCancelVideoArgs = {
  id: Scalars['ID']['input'];
};


export type MutationChangePasswordArgs = {
  input: ChangePasswordInput;
};


export type MutationContinueSharedChatArgs = {
  token: Scalars['String']['input'];
};


export type MutationCreateChatArgs = {
  input?: InputMaybe<CreateChatInput>;
};


export type MutationCreateChatFolderArgs = {
  name: Scalars['String']['input'];
};


export type MutationCreateChatShareArgs = {
  chatId: Scalars['ID']['input'];
};


export type MutationCreateCheckoutSessionArgs = {
  from?: InputMaybe<Scalars['String']['input']>;
  planType: Scalars['String']['input'];
};


export type MutationDeclineFriendRequestArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteAccountArgs = {
  input: DeleteAccountInput;
};


export type MutationDeleteChatArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteChatFolderArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteFileArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteMemoryArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeletePostArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDisableTwoFactorArgs = {
  password: Scalars['String']['input'];
};


export type MutationEditMessageArgs = {
  content: Scalars['String']['input'];
  messageId: Scalars['ID']['input'];
};


export type MutationEnableTotpArgs = {
  code: Scalars['String']['input'];
};


export type MutationForgotPasswordArgs = {
  email: Scalars['String']['input'];
};


export type MutationGenerateInvitationArgs = {
  type?: InputMaybe<Scalars['String']['input']>;
};


export type MutationGenerateVideoArgs = {
  input: GenerateVideoInput;
};


export type MutationLoginArgs = {
  input: LoginInput;
};


export type MutationLoginSecondFactorArgs = {
  code: Scalars['String']['input'];
};


export type MutationMarkConversationReadArgs = {
  conversationId: Scalars['ID']['input'];
};


export type MutationMoveChatToFolderArgs = {
  chatId: Scalars['ID']['input'];
  folderId?: InputMaybe<Scalars['ID']['input']>;
};


export type MutationOpenConversationArgs = {
  friendId: Scalars['ID']['input'];
};


export type MutationProcessCheckoutSessionArgs = {
  sessionId: Scalars['String']['input'];
};


export type MutationRecordViewArgs = {
  postId: Scalars['ID']['input'];
};


export type MutationRegenerateArgs = {
  messageId: Scalars['ID']['input'];
};


export type MutationRegisterArgs = {
  input: RegisterInput;
};


export type MutationRemoveFriendArgs = {
  friendId: Scalars['ID']['input'];
};


export type MutationRenameChatArgs = {
  id: Scalars['ID']['input'];
  title: Scalars['String']['input'];
};


export type MutationResetPasswordArgs = {
  input: ResetPasswordInput;
};


export type MutationRevokeChatShareArgs = {
  token: Scalars['String']['input'];
};


export type MutationRevokeSessionArgs = {
  id: Scalars['ID']['input'];
};


export type MutationSavePostArgs = {
  input: SavePostInput;
};


export type MutationSelectMessageVersionArgs = {
  chatId: Scalars['ID']['input'];
  messageId: Scalars['ID']['input'];
};


export type MutationSendChatShareArgs = {
  friendId: Scalars['ID']['input'];
  token: Scalars['String']['input'];
};


export type MutationSendDirectMessageArgs = {
  content: Scalars['String']['input'];
  conversationId: Scalars['ID']['input'];
};


export type MutationSendEmailInvitationArgs = {
  email: Scalars['String']['input'];
};


export type MutationSendFriendRequestArgs = {
  username: Scalars['String']['input'];
};


export type MutationSendMessageArgs = {
  input: SendMessageInput;
};


export type MutationSendSmsInvitationArgs = {
  message?: InputMaybe<Scalars['String']['input']>;
  phoneNumber: Scalars['String']['input'];
};


export type MutationSetChatPinnedArgs = {
  chatId: Scalars['ID']['input'];
  pinned: Scalars['Boolean']['input'];
};


export type MutationStopGenerationArgs = {
  messageId: Scalars['ID']['input'];
};


export type MutationToggleLikeArgs = {
  postId: Scalars['ID']['input'];
};


export type MutationUpdateChatFolderArgs = {
  id: Scalars['ID']['input'];
  input: UpdateChatFolderInput;
};


export type MutationUpdatePostArgs = {
  id: Scalars['ID']['input'];
  input: UpdatePostInput;
};


export type MutationUpdateProfileArgs = {
  input: UpdateProfileInput;
};


export type MutationUpdateSettingsArgs = {
  input: UserSettingsInput;
};


export type MutationVerifyEmailArgs = {
  token: Scalars['String']['input'];
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

/** A saved video in its owner's gallery; public posts appear in the community gallery. */
export type Post = {
  __typename?: 'Post';
  author: PostAuthor;
  createdAt: Scalars['DateTime']['output'];
  description?: Maybe<Scalars['String']['output']>;
  /** '4', '8' or '12'. */
  duration?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  isPublic: Scalars['Boolean']['output'];
  /** True when the signed-in viewer likes it. */
  likedByMe: Scalars['Boolean']['output'];
  likes: Scalars['Int']['output'];
  /** True when the signed-in viewer owns it. */
  mine: Scalars['Boolean']['output'];
  /** Provenance: the AI model that made the video. */
  model?: Maybe<Scalars['String']['output']>;
  /** True when the built-in local renderer made the video (no video service configured): a preview render. */
  preview: Scalars['Boolean']['output'];
  prompt: Scalars['String']['output'];
  /** Provenance: the provider that made the video (null for posts older than this record). */
  provider?: Maybe<Scalars['String']['output']>;
  seconds?: Maybe<Scalars['Int']['output']>;
  size?: Maybe<Scalars['String']['output']>;
  slug: Scalars['String']['output'];
  /** The moment of that video the frame was taken at, in seconds. */
  sourceFrameSeconds?: Maybe<Scalars['Float']['output']>;
  /** The picture an image-to-video started from. */
  sourceImageUrl?: Maybe<Scalars['String']['output']>;
  /** When that picture was a frame of one of the owner's videos: that video's id. */
  sourceVideoId?: Maybe<Scalars['ID']['output']>;
  tags: Array<Scalars['String']['output']>;
  /** The JPEG thumbnail, public or owner-only like videoUrl. */
  thumbnailUrl?: Maybe<Scalars['String']['output']>;
  title: Scalars['String']['output'];
  updatedAt: Scalars['DateTime']['output'];
  videoId?: Maybe<Scalars['ID']['output']>;
  /** The MP4 (seekable). Public posts: a URL anyone may fetch and cache; private ones: owner-only. */
  videoUrl: Scalars['String']['output'];
  views: Scalars['Int']['output'];
};

export type PostAuthor = {
  __typename?: 'PostAuthor';
  displayName?: Maybe<Scalars['String']['output']>;
  username: Scalars['String']['output'];
};

export type PublicVideosPage = {
  __typename?: 'PublicVideosPage';
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor?: Maybe<Scalars['String']['output']>;
  posts: Array<Post>;
};

export type Query = {
  __typename?: 'Query';
  /** One of your data exports; null for anyone else's. */
  accountExport?: Maybe<AccountExport>;
  /** What is left of the signed-in user's plan this month: prompts, image_analysis, image_generation or videos. */
  allowance: Allowance;
  catalogue: AssistantCatalogue;
  chat?: Maybe<Chat>;
  /** The signed-in user's folders in sidebar order. */
  chatFolders: Array<ChatFolder>;
  /** The signed-in user's chats a page at a time (at most 100 a page), in the order of chats. */
  chatPage: ChatPage;
  /** The links to one of your chats, newest first. */
  chatShares: Array<ChatShare>;
  /** The signed-in user's chats, pinned first, then most recently updated first (the first 500: chatPage reaches the rest). */
  chats: Array<Chat>;
  conversation?: Maybe<Conversation>;
  /** Conversations, latest message first; search matches names and message text. */
  conversations: Array<Conversation>;
  /** A page of history, oldest first: the newest `limit` messages before `before`. */
  directMessages: DirectMessagePage;
  /** The signed-in user's My Files uploads, newest first. */
  files: Array<StoredFile>;
  /** Accepted friends, most recently active first. */
  friends: Array<Friend>;
  /** Requests and friendships the signed-in user is part of. */
  friendships: Array<Friendship>;
  /** The server's health; true when it can reach its database. */
  healthy: Scalars['Boolean']['output'];
  /** One of your imports; null for anyone else's. */
  importStatus?: Maybe<ChatImport>;
  invitations: Array<Invitation>;
  /** Public: who sent an invitation link; null for an unknown token. */
  invitePreview?: Maybe<InvitePreview>;
  /** The signed-in user, or null when signed out. */
  me?: Maybe<User>;
  /** What Chorus remembers about the signed-in user, newest first. */
  memories: Array<Memory>;
  /** A chat's messages along the path it shows, a page at a time (at most 100 a page), from the latest back. */
  messagePage: MessagePage;
  /** The last messages (at most 1,000) of the path a chat shows, oldest first: messagePage reaches older ones. */
  messages: Array<Message>;
  /** The signed-in user's gallery, newest first. */
  myPosts: Array<Post>;
  /** The signed-in user's sessions, this one first. */
  mySessions: Array<AccountSession>;
  /** The signed-in user's settings. */
  mySettings: UserSettings;
  mySubscription: UserSubscription;
  /** The plan catalogue with prices, features and limits. */
  plans: Array<Plan>;
  /** A public video by slug; null when unknown or private. */
  publicVideo?: Maybe<Post>;
  /** Tags of the newest public videos (the community gallery's filter buttons). */
  publicVideoTags: Array<Scalars['String']['output']>;
  /** Public videos, newest first, a page at a time. */
  publicVideos: PublicVideosPage;
  referrals: ReferralSummary;
  /**
   * Full-text search over the caller's chats and messages, best first: stemmed words with the last
   * word as a prefix, then partial words and chat titles by trigram similarity. query: 1–200
   * characters; limit: 1–50 (default 20).
   */
  search: Array<SearchResult>;
  /** A shared chat by its link's token; null once revoked (or never made). */
  sharedChat?: Maybe<SharedChat>;
  storageUsage: StorageUsage;
  stripeConfig: StripeConfig;
  /** Direct messages not yet read, over all conversations. */
  unreadMessageCount: Scalars['Int']['output'];
  /** One of the signed-in user's video jobs (null when not theirs). */
  videoJob?: Maybe<VideoJob>;
  /** Every configured video model, the default first. */
  videoModels: Array<VideoOptions>;
  /** What a video model can make (the default one without model). */
  videoOptions: VideoOptions;
};


export type QueryAccountExportArgs = {
  id: Scalars['ID']['input'];
};


export type QueryAllowanceArgs = {
  feature: Scalars['String']['input'];
};


export type QueryChatArgs = {
  id: Scalars['ID']['input'];
};


export type QueryChatPageArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryChatSharesArgs = {
  chatId: Scalars['ID']['input'];
};


export type QueryConversationArgs = {
  id: Scalars['ID']['input'];
};


export type QueryConversationsArgs = {
  search?: InputMaybe<Scalars['String']['input']>;
};


export type QueryDirectMessagesArgs = {
  before?: InputMaybe<Scalars['ID']['input']>;
  conversationId: Scalars['ID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryImportStatusArgs = {
  id: Scalars['ID']['input'];
};


export type QueryInvitePreviewArgs = {
  token: Scalars['String']['input'];
};


export type QueryMessagePageArgs = {
  before?: InputMaybe<Scalars['ID']['input']>;
  chatId: Scalars['ID']['input'];
  last?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryMessagesArgs = {
  chatId: Scalars['ID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryPublicVideoArgs = {
  slug: Scalars['String']['input'];
};


export type QueryPublicVideoTagsArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryPublicVideosArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
  tag?: InputMaybe<Scalars['String']['input']>;
};


export type QuerySearchArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  query: Scalars['String']['input'];
};


export type QuerySharedChatArgs = {
  token: Scalars['String']['input'];
};


export type QueryVideoJobArgs = {
  id: Scalars['ID']['input'];
};


export type QueryVideoOptionsArgs = {
  model?: InputMaybe<Scalars['String']['input']>;
};

export type ReferralReward = {
  __typename?: 'ReferralReward';
  description: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  progress: Scalars['Int']['output'];
  /** Friends who must join to unlock it. */
  required: Scalars['Int']['output'];
  unlocked: Scalars['Boolean']['output'];
};

export type ReferralSummary = {
  __typename?: 'ReferralSummary';
  friendsJoined: Scalars['Int']['output'];
  points: Scalars['Int']['output'];
  rewards: Array<ReferralReward>;
};

export type RegisterInput = {
  /** The appearance the visitor chose before signing up; saved as the account's dark-mode setting. */
  darkMode?: InputMaybe<Scalars['Boolean']['input']>;
  email: Scalars['String']['input'];
  /** The token of the invitation link the visitor came through (/invite/{token}): makes the two friends. */
  inviteToken?: InputMaybe<Scalars['String']['input']>;
  password: Scalars['String']['input'];
  username: Scalars['String']['input'];
};

export type ResetPasswordInput = {
  password: Scalars['String']['input'];
  /** The token of the e-mailed link /reset-password?token=… */
  token: Scalars['String']['input'];
};

export type SavePostInput = {
  description?: InputMaybe<Scalars['String']['input']>;
  /** Default true: saved videos are shared to the community gallery unless made private. */
  isPublic?: InputMaybe<Scalars['Boolean']['input']>;
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
  videoId: Scalars['ID']['input'];
};

/**
 * One search hit in the caller's own chats: a message (open the chat at messageId), or a chat found by
 * its title (messageId null).
 */
export type SearchResult = {
  __typename?: 'SearchResult';
  chatId: Scalars['ID']['output'];
  chatTitle: Scalars['String']['output'];
  /** When the message was written (for a title hit: when the chat was last updated). */
  createdAt: Scalars['DateTime']['output'];
  messageId?: Maybe<Scalars['ID']['output']>;
  /**
   * HTML-escaped text of the message (or title) around the match, with <mark>…</mark> around the
   * matched words: the only tags it contains.
   */
  snippet: Scalars['String']['output'];
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

export type SentInvitation = {
  __typename?: 'SentInvitation';
  invitation: Invitation;
  /** The local outbox's preview of the message, when no mail or SMS service is configured. */
  previewUrl?: Maybe<Scalars['String']['output']>;
};

/** What anyone with the link reads (signed out too). */
export type SharedChat = {
  __typename?: 'SharedChat';
  createdAt: Scalars['DateTime']['output'];
  messages: Array<SharedMessage>;
  title: Scalars['String']['output'];
  token: Scalars['String']['output'];
};

/** One message of a shared chat as it was when the link was made. */
export type SharedMessage = {
  __typename?: 'SharedMessage';
  assistantColor?: Maybe<Scalars['String']['output']>;
  /** The answering assistant's name and colour (null for a prompt). */
  assistantName?: Maybe<Scalars['String']['output']>;
  content: Scalars['String']['output'];
  createdAt: Scalars['DateTime']['output'];
  /** Its images, served through the share only. */
  images: Array<Scalars['String']['output']>;
  model?: Maybe<Scalars['String']['output']>;
  role: Scalars['String']['output'];
};

/** Something that happened to the signed-in user's friends or messages. */
export type SocialEvent = {
  __typename?: 'SocialEvent';
  conversationId?: Maybe<Scalars['ID']['output']>;
  /** Who did it (friend events), or the other participant (message events). */
  friend?: Maybe<Friend>;
  friendshipId?: Maybe<Scalars['ID']['output']>;
  /** friend_request, friend_accepted, friend_declined, friend_removed, message or read. */
  kind: Scalars['String']['output'];
  message?: Maybe<DirectMessage>;
};

/**
 * What the user's stored files take against their plan's quota (free 100 MB, paid plans 10 GB).
 * Chat images and saved videos count as well as My Files uploads.
 */
export type StorageUsage = {
  __typename?: 'StorageUsage';
  /** Images attached to chats or generated by assistants. */
  imagesBytes: Scalars['Float']['output'];
  /** The largest single upload accepted. */
  maxUploadBytes: Scalars['Float']['output'];
  plan: Scalars['String']['output'];
  quotaBytes: Scalars['Float']['output'];
  uploadsBytes: Scalars['Float']['output'];
  usedBytes: Scalars['Float']['output'];
  /** Saved videos and their thumbnails. */
  videosBytes: Scalars['Float']['output'];
};

/**
 * A file the user uploaded to My Files. Its type is read from its content when uploaded. Uploads go
 * through REST (POST /api/files, multipart field "file"), which streams them into storage.
 */
export type StoredFile = {
  __typename?: 'StoredFile';
  /** MIME type detected from the bytes, e.g. image/png, application/pdf, application/json, text/plain. */
  contentType: Scalars['String']['output'];
  /** Where the owner downloads it (Content-Disposition attachment; HTTP Range supported). */
  downloadUrl: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  /** Size in bytes. */
  size: Scalars['Float']['output'];
  uploadedAt: Scalars['DateTime']['output'];
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
  /** Friend requests, acceptances and direct messages as they happen. */
  socialEvents: SocialEvent;
  /** The job now, then every change of its status or progress until it finishes. */
  videoJobUpdates: VideoJob;
};


export type SubscriptionAnswerStreamArgs = {
  messageId: Scalars['ID']['input'];
};


export type SubscriptionPingArgs = {
  count?: InputMaybe<Scalars['Int']['input']>;
  intervalMs?: InputMaybe<Scalars['Int']['input']>;
};


export type SubscriptionVideoJobUpdatesArgs = {
  id: Scalars['ID']['input'];
};

/** A TOTP enrolment under way: in force once enableTotp confirms a code from it. */
export type TotpSetup = {
  __typename?: 'TotpSetup';
  otpauthUrl: Scalars['String']['output'];
  /** The otpauth URL as an SVG QR code, a data: URL. */
  qrCode: Scalars['String']['output'];
  /** Base32; 6 digits every 30 s (SHA-1). */
  secret: Scalars['String']['output'];
};

export type UpdateChatFolderInput = {
  name?: InputMaybe<Scalars['String']['input']>;
  position?: InputMaybe<Scalars['Int']['input']>;
};

export type UpdatePostInput = {
  description?: InputMaybe<Scalars['String']['input']>;
  isPublic?: InputMaybe<Scalars['Boolean']['input']>;
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
  title?: InputMaybe<Scalars['String']['input']>;
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
  /** Whether the e-mail address was proved by its link; invitations and checkout wait for it. */
  emailVerified: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
  lastActive: Scalars['DateTime']['output'];
  /** The last password change or reset; null when never changed since sign-up. */
  passwordChangedAt?: Maybe<Scalars['DateTime']['output']>;
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

/** One video being made from a prompt: queued → in_progress → completed | failed. */
export type VideoJob = {
  __typename?: 'VideoJob';
  createdAt: Scalars['DateTime']['output'];
  /** Downloads the MP4 with a file name (owner only). */
  downloadUrl?: Maybe<Scalars['String']['output']>;
  /** '4', '8' or '12'. */
  duration: Scalars['String']['output'];
  error?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** The model asked for (empty for preview renders). */
  model?: Maybe<Scalars['String']['output']>;
  /** True when made by the local preview renderer, not a video model. */
  preview: Scalars['Boolean']['output'];
  /** 0-100. */
  progress: Scalars['Int']['output'];
  /** The prompt as rendered (duration phrases and a leading @video removed). */
  prompt: Scalars['String']['output'];
  /** The configured provider's id (openai, google, runway, luma, fal, replicate, or preview for the local preview renderer). */
  provider?: Maybe<Scalars['String']['output']>;
  seconds: Scalars['Int']['output'];
  size: Scalars['String']['output'];
  /** The user's file an image-to-video started from. */
  sourceFileId?: Maybe<Scalars['ID']['output']>;
  /** The moment of that video the frame was taken at, in seconds. */
  sourceFrameSeconds?: Maybe<Scalars['Float']['output']>;
  /** When that picture is a frame of one of the user's videos: that video's id. */
  sourceVideoId?: Maybe<Scalars['ID']['output']>;
  /** queued, in_progress, completed or failed. */
  status: Scalars['String']['output'];
  /** The JPEG thumbnail, at an owner-only URL like videoUrl. */
  thumbnailUrl?: Maybe<Scalars['String']['output']>;
  /** Where the finished MP4 plays from (seekable): an owner-only URL, checked against the session. */
  videoUrl?: Maybe<Scalars['String']['output']>;
};

/** What the configured video service can make (its declared capabilities) and how long it takes. */
export type VideoOptions = {
  __typename?: 'VideoOptions';
  /** The aspect ratios of its sizes: 16:9, 9:16. */
  aspectRatios: Array<Scalars['String']['output']>;
  /** It makes sound with the picture (native audio). */
  audio: Scalars['Boolean']['output'];
  /** The lengths it makes, in seconds: '4', '8', '12'. */
  durations: Array<Scalars['String']['output']>;
  /** Pass as GenerateVideoInput.model to use this one. */
  id: Scalars['ID']['output'];
  /** It can start from a picture (image-to-video). */
  imageInput: Scalars['Boolean']['output'];
  /** openai, google, runway, luma, fal, replicate or local. */
  kind: Scalars['String']['output'];
  /** What the model picker shows. */
  label: Scalars['String']['output'];
  /** The height of its largest size (720, 1080). */
  maxHeight: Scalars['Int']['output'];
  /** The model it asks for (empty for the preview renderer). */
  model: Scalars['String']['output'];
  /** True when videos come from the local preview renderer. */
  preview: Scalars['Boolean']['output'];
  /** It can expand the prompt itself. */
  promptExpansion: Scalars['Boolean']['output'];
  /** The provider's id in this deployment (preview for the local preview renderer). */
  provider: Scalars['String']['output'];
  renderEstimates: Array<VideoRenderEstimate>;
  sizes: Array<Scalars['String']['output']>;
};

/** How long a video of one length takes the configured service, asked to finished. */
export type VideoRenderEstimate = {
  __typename?: 'VideoRenderEstimate';
  /** '4', '8' or '12'. */
  duration: Scalars['String']['output'];
  /** True when measured from the service's recent videos (median), false when its declared typical time. */
  measured: Scalars['Boolean']['output'];
  seconds: Scalars['Int']['output'];
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
  AccountExport: ResolverTypeWrapper<AccountExport>;
  AccountSession: ResolverTypeWrapper<AccountSession>;
  Allowance: ResolverTypeWrapper<Allowance>;
  AnswerEvent: ResolverTypeWrapper<AnswerEvent>;
  Assistant: ResolverTypeWrapper<Assistant>;
  AssistantCatalogue: ResolverTypeWrapper<AssistantCatalogue>;
  AuthPayload: ResolverTypeWrapper<Omit<AuthPayload, 'user'> & { user?: Maybe<ResolversTypes['User']> }>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  ChangePasswordInput: ChangePasswordInput;
  Chat: ResolverTypeWrapper<ChatEntity>;
  ChatFolder: ResolverTypeWrapper<ChatFolderEntity>;
  ChatImport: ResolverTypeWrapper<ImportView>;
  ChatPage: ResolverTypeWrapper<Omit<ChatPage, 'chats'> & { chats: Array<ResolversTypes['Chat']> }>;
  ChatShare: ResolverTypeWrapper<ChatShareEntity>;
  CheckoutSession: ResolverTypeWrapper<CheckoutSession>;
  CheckoutSessionResult: ResolverTypeWrapper<CheckoutSessionResult>;
  Conversation: ResolverTypeWrapper<ConversationView>;
  CreateChatInput: CreateChatInput;
  DateTime: ResolverTypeWrapper<Scalars['DateTime']['output']>;
  DeleteAccountInput: DeleteAccountInput;
  DirectMessage: ResolverTypeWrapper<DirectMessageView>;
  DirectMessagePage: ResolverTypeWrapper<Omit<DirectMessagePage, 'messages'> & { messages: Array<ResolversTypes['DirectMessage']> }>;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  Friend: ResolverTypeWrapper<FriendView>;
  FriendRequestPayload: ResolverTypeWrapper<Omit<FriendRequestPayload, 'friendship'> & { friendship: ResolversTypes['Friendship'] }>;
  Friendship: ResolverTypeWrapper<FriendshipView>;
  GenerateVideoInput: GenerateVideoInput;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  Invitation: ResolverTypeWrapper<InvitationView>;
  InvitationLink: ResolverTypeWrapper<InvitationLink>;
  InvitePreview: ResolverTypeWrapper<InvitePreview>;
  Inviter: ResolverTypeWrapper<Inviter>;
  LoginInput: LoginInput;
  Memory: ResolverTypeWrapper<MemoryEntity>;
  Message: ResolverTypeWrapper<MessageEntity>;
  MessagePage: ResolverTypeWrapper<Omit<MessagePage, 'messages'> & { messages: Array<ResolversTypes['Message']> }>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Plan: ResolverTypeWrapper<Plan>;
  PlanLimit: ResolverTypeWrapper<PlanLimit>;
  Pong: ResolverTypeWrapper<Pong>;
  PortalSession: ResolverTypeWrapper<PortalSession>;
  Post: ResolverTypeWrapper<PostView>;
  PostAuthor: ResolverTypeWrapper<PostAuthor>;
  PublicVideosPage: ResolverTypeWrapper<Omit<PublicVideosPage, 'posts'> & { posts: Array<ResolversTypes['Post']> }>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  ReferralReward: ResolverTypeWrapper<ReferralReward>;
  ReferralSummary: ResolverTypeWrapper<ReferralSummary>;
  RegisterInput: RegisterInput;
  ResetPasswordInput: ResetPasswordInput;
  SavePostInput: SavePostInput;
  SearchResult: ResolverTypeWrapper<SearchResult>;
  SendMessageInput: SendMessageInput;
  SendMessagePayload: ResolverTypeWrapper<Omit<SendMessagePayload, 'aiMessage' | 'chat' | 'userMessage'> & { aiMessage: ResolversTypes['Message'], chat: ResolversTypes['Chat'], userMessage: ResolversTypes['Message'] }>;
  SentInvitation: ResolverTypeWrapper<Omit<SentInvitation, 'invitation'> & { invitation: ResolversTypes['Invitation'] }>;
  SharedChat: ResolverTypeWrapper<SharedChatView>;
  SharedMessage: ResolverTypeWrapper<SharedMessage>;
  SocialEvent: ResolverTypeWrapper<Omit<SocialEvent, 'friend' | 'message'> & { friend?: Maybe<ResolversTypes['Friend']>, message?: Maybe<ResolversTypes['DirectMessage']> }>;
  StorageUsage: ResolverTypeWrapper<StorageUsage>;
  StoredFile: ResolverTypeWrapper<StoredFileEntity>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  StripeConfig: ResolverTypeWrapper<StripeConfig>;
  Subscription: ResolverTypeWrapper<Record<PropertyKey, never>>;
  TotpSetup: ResolverTypeWrapper<TotpSetup>;
  UpdateChatFolderInput: UpdateChatFolderInput;
  UpdatePostInput: UpdatePostInput;
  UpdateProfileInput: UpdateProfileInput;
  User: ResolverTypeWrapper<PublicUser>;
  UserSettings: ResolverTypeWrapper<UserSettings>;
  UserSettingsInput: UserSettingsInput;
  UserSubscription: ResolverTypeWrapper<UserSubscription>;
  VideoJob: ResolverTypeWrapper<VideoJobView>;
  VideoOptions: ResolverTypeWrapper<VideoOptions>;
  VideoRenderEstimate: ResolverTypeWrapper<VideoRenderEstimate>;
}>;

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = ResolversObject<{
  AccountExport: AccountExport;
  AccountSession: AccountSession;
  Allowance: Allowance;
  AnswerEvent: AnswerEvent;
  Assistant: Assistant;
  AssistantCatalogue: AssistantCatalogue;
  AuthPayload: Omit<AuthPayload, 'user'> & { user?: Maybe<ResolversParentTypes['User']> };
  Boolean: Scalars['Boolean']['output'];
  ChangePasswordInput: ChangePasswordInput;
  Chat: ChatEntity;
  ChatFolder: ChatFolderEntity;
  ChatImport: ImportView;
  ChatPage: Omit<ChatPage, 'chats'> & { chats: Array<ResolversParentTypes['Chat']> };
  ChatShare: ChatShareEntity;
  CheckoutSession: CheckoutSession;
  CheckoutSessionResult: CheckoutSessionResult;
  Conversation: ConversationView;
  CreateChatInput: CreateChatInput;
  DateTime: Scalars['DateTime']['output'];
  DeleteAccountInput: DeleteAccountInput;
  DirectMessage: DirectMessageView;
  DirectMessagePage: Omit<DirectMessagePage, 'messages'> & { messages: Array<ResolversParentTypes['DirectMessage']> };
  Float: Scalars['Float']['output'];
  Friend: FriendView;
  FriendRequestPayload: Omit<FriendRequestPayload, 'friendship'> & { friendship: ResolversParentTypes['Friendship'] };
  Friendship: FriendshipView;
  GenerateVideoInput: GenerateVideoInput;
  ID: Scalars['ID']['output'];
  Int: Scalars['Int']['output'];
  Invitation: InvitationView;
  InvitationLink: InvitationLink;
  InvitePreview: InvitePreview;
  Inviter: Inviter;
  LoginInput: LoginInput;
  Memory: MemoryEntity;
  Message: MessageEntity;
  MessagePage: Omit<MessagePage, 'messages'> & { messages: Array<ResolversParentTypes['Message']> };
  Mutation: Record<PropertyKey, never>;
  Plan: Plan;
  PlanLimit: PlanLimit;
  Pong: Pong;
  PortalSession: PortalSession;
  Post: PostView;
  PostAuthor: PostAuthor;
  PublicVideosPage: Omit<PublicVideosPage, 'posts'> & { posts: Array<ResolversParentTypes['Post']> };
  Query: Record<PropertyKey, never>;
  ReferralReward: ReferralReward;
  ReferralSummary: ReferralSummary;
  RegisterInput: RegisterInput;
  ResetPasswordInput: ResetPasswordInput;
  SavePostInput: SavePostInput;
  SearchResult: SearchResult;
  SendMessageInput: SendMessageInput;
  SendMessagePayload: Omit<SendMessagePayload, 'aiMessage' | 'chat' | 'userMessage'> & { aiMessage: ResolversParentTypes['Message'], chat: ResolversParentTypes['Chat'], userMessage: ResolversParentTypes['Message'] };
  SentInvitation: Omit<SentInvitation, 'invitation'> & { invitation: ResolversParentTypes['Invitation'] };
  SharedChat: SharedChatView;
  SharedMessage: SharedMessage;
  SocialEvent: Omit<SocialEvent, 'friend' | 'message'> & { friend?: Maybe<ResolversParentTypes['Friend']>, message?: Maybe<ResolversParentTypes['DirectMessage']> };
  StorageUsage: StorageUsage;
  StoredFile: StoredFileEntity;
  String: Scalars['String']['output'];
  StripeConfig: StripeConfig;
  Subscription: Record<PropertyKey, never>;
  TotpSetup: TotpSetup;
  UpdateChatFolderInput: UpdateChatFolderInput;
  UpdatePostInput: UpdatePostInput;
  UpdateProfileInput: UpdateProfileInput;
  User: PublicUser;
  UserSettings: UserSettings;
  UserSettingsInput: UserSettingsInput;
  UserSubscription: UserSubscription;
  VideoJob: VideoJobView;
  VideoOptions: VideoOptions;
  VideoRenderEstimate: VideoRenderEstimate;
}>;

export type AccountExportResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AccountExport'] = ResolversParentTypes['AccountExport']> = ResolversObject<{
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  downloadUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  progress?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type AccountSessionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AccountSession'] = ResolversParentTypes['AccountSession']> = ResolversObject<{
  createdAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  current?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  ip?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lastActiveAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  userAgent?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
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
  modelName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  offset?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  text?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tokens?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
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
  methods?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  twoFactorRequired?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  user?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
}>;

export type ChatResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Chat'] = ResolversParentTypes['Chat']> = ResolversObject<{
  activeModel?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  folderId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  messagePage?: Resolver<ResolversTypes['MessagePage'], ParentType, ContextType, RequireFields<ChatMessagePageArgs, 'last'>>;
  messages?: Resolver<Array<ResolversTypes['Message']>, ParentType, ContextType, RequireFields<ChatMessagesArgs, 'limit'>>;
  mode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  pinned?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
}>;

export type ChatFolderResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ChatFolder'] = ResolversParentTypes['ChatFolder']> = ResolversObject<{
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  position?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
}>;

export type ChatImportResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ChatImport'] = ResolversParentTypes['ChatImport']> = ResolversObject<{
  chatsImported?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  format?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  messagesImported?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  progress?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type ChatPageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ChatPage'] = ResolversParentTypes['ChatPage']> = ResolversObject<{
  chats?: Resolver<Array<ResolversTypes['Chat']>, ParentType, ContextType>;
  nextCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type ChatShareResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ChatShare'] = ResolversParentTypes['ChatShare']> = ResolversObject<{
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  messageCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  token?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
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

export type ConversationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Conversation'] = ResolversParentTypes['Conversation']> = ResolversObject<{
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastMessage?: Resolver<Maybe<ResolversTypes['DirectMessage']>, ParentType, ContextType>;
  participant?: Resolver<ResolversTypes['Friend'], ParentType, ContextType>;
  unreadCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
}>;

export interface DateTimeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['DateTime'], any> {
  name: 'DateTime';
}

export type DirectMessageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DirectMessage'] = ResolversParentTypes['DirectMessage']> = ResolversObject<{
  content?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  conversationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  readAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  senderId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
}>;

export type DirectMessagePageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DirectMessagePage'] = ResolversParentTypes['DirectMessagePage']> = ResolversObject<{
  hasMore?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  messages?: Resolver<Array<ResolversTypes['DirectMessage']>, ParentType, ContextType>;
}>;

export type FriendResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Friend'] = ResolversParentTypes['Friend']> = ResolversObject<{
  avatar?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  displayName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastActive?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  online?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  username?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type FriendRequestPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['FriendRequestPayload'] = ResolversParentTypes['FriendRequestPayload']> = ResolversObject<{
  accepted?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  friendship?: Resolver<ResolversTypes['Friendship'], ParentType, ContextType>;
}>;

export type FriendshipResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Friendship'] = ResolversParentTypes['Friendship']> = ResolversObject<{
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  direction?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  friendId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  other?: Resolver<ResolversTypes['Friend'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  userId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
}>;

export type InvitationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Invitation'] = ResolversParentTypes['Invitation']> = ResolversObject<{
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  phone?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type InvitationLinkResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['InvitationLink'] = ResolversParentTypes['InvitationLink']> = ResolversObject<{
  token?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type InvitePreviewResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['InvitePreview'] = ResolversParentTypes['InvitePreview']> = ResolversObject<{
  expiresAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  inviter?: Resolver<ResolversTypes['Inviter'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type InviterResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Inviter'] = ResolversParentTypes['Inviter']> = ResolversObject<{
  avatar?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  displayName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  username?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

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
  modelName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  parentId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  role?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  siblingIds?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tokens?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
}>;

export type MessagePageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['MessagePage'] = ResolversParentTypes['MessagePage']> = ResolversObject<{
  messages?: Resolver<Array<ResolversTypes['Message']>, ParentType, ContextType>;
  olderCursor?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
}>;

export type MutationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = ResolversObject<{
  acceptFriendRequest?: Resolver<ResolversTypes['Friendship'], ParentType, ContextType, RequireFields<MutationAcceptFriendRequestArgs, 'id'>>;
  cancelVideo?: Resolver<ResolversTypes['VideoJob'], ParentType, ContextType, RequireFields<MutationCancelVideoArgs, 'id'>>;
  changePassword?: Resolver<ResolversTypes['User'], ParentType, ContextType, RequireFields<MutationChangePasswordArgs, 'input'>>;
  continueSharedChat?: Resolver<ResolversTypes['Chat'], ParentType, ContextType, RequireFields<MutationContinueSharedChatArgs, 'token'>>;
  createChat?: Resolver<ResolversTypes['Chat'], ParentType, ContextType, Partial<MutationCreateChatArgs>>;
  createChatFolder?: Resolver<ResolversTypes['ChatFolder'], ParentType, ContextType, RequireFields<MutationCreateChatFolderArgs, 'name'>>;
  createChatShare?: Resolver<ResolversTypes['ChatShare'], ParentType, ContextType, RequireFields<MutationCreateChatShareArgs, 'chatId'>>;
  createCheckoutSession?: Resolver<ResolversTypes['CheckoutSession'], ParentType, ContextType, RequireFields<MutationCreateCheckoutSessionArgs, 'planType'>>;
  createPortalSession?: Resolver<ResolversTypes['PortalSession'], ParentType, ContextType>;
  declineFriendRequest?: Resolver<ResolversTypes['Friendship'], ParentType, ContextType, RequireFields<MutationDeclineFriendRequestArgs, 'id'>>;
  deleteAccount?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteAccountArgs, 'input'>>;
  deleteChat?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteChatArgs, 'id'>>;
  deleteChatFolder?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteChatFolderArgs, 'id'>>;
  deleteFile?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteFileArgs, 'id'>>;
  deleteMemory?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteMemoryArgs, 'id'>>;
  deletePost?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeletePostArgs, 'id'>>;
  disableTwoFactor?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDisableTwoFactorArgs, 'password'>>;
  editMessage?: Resolver<ResolversTypes['SendMessagePayload'], ParentType, ContextType, RequireFields<MutationEditMessageArgs, 'content' | 'messageId'>>;
  enableTotp?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType, RequireFields<MutationEnableTotpArgs, 'code'>>;
  forgotPassword?: Resolver<ResolversTypes['String'], ParentType, ContextType, RequireFields<MutationForgotPasswordArgs, 'email'>>;
  generateInvitation?: Resolver<ResolversTypes['InvitationLink'], ParentType, ContextType, RequireFields<MutationGenerateInvitationArgs, 'type'>>;
  generateVideo?: Resolver<ResolversTypes['VideoJob'], ParentType, ContextType, RequireFields<MutationGenerateVideoArgs, 'input'>>;
  login?: Resolver<ResolversTypes['AuthPayload'], ParentType, ContextType, RequireFields<MutationLoginArgs, 'input'>>;
  loginSecondFactor?: Resolver<ResolversTypes['AuthPayload'], ParentType, ContextType, RequireFields<MutationLoginSecondFactorArgs, 'code'>>;
  logout?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  markConversationRead?: Resolver<ResolversTypes['Conversation'], ParentType, ContextType, RequireFields<MutationMarkConversationReadArgs, 'conversationId'>>;
  moveChatToFolder?: Resolver<ResolversTypes['Chat'], ParentType, ContextType, RequireFields<MutationMoveChatToFolderArgs, 'chatId'>>;
  noop?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  openConversation?: Resolver<ResolversTypes['Conversation'], ParentType, ContextType, RequireFields<MutationOpenConversationArgs, 'friendId'>>;
  processCheckoutSession?: Resolver<ResolversTypes['CheckoutSessionResult'], ParentType, ContextType, RequireFields<MutationProcessCheckoutSessionArgs, 'sessionId'>>;
  recordView?: Resolver<ResolversTypes['Post'], ParentType, ContextType, RequireFields<MutationRecordViewArgs, 'postId'>>;
  regenerate?: Resolver<ResolversTypes['Message'], ParentType, ContextType, RequireFields<MutationRegenerateArgs, 'messageId'>>;
  register?: Resolver<ResolversTypes['AuthPayload'], ParentType, ContextType, RequireFields<MutationRegisterArgs, 'input'>>;
  removeFriend?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationRemoveFriendArgs, 'friendId'>>;
  renameChat?: Resolver<ResolversTypes['Chat'], ParentType, ContextType, RequireFields<MutationRenameChatArgs, 'id' | 'title'>>;
  resendVerificationEmail?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  resetPassword?: Resolver<ResolversTypes['String'], ParentType, ContextType, RequireFields<MutationResetPasswordArgs, 'input'>>;
  revokeChatShare?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationRevokeChatShareArgs, 'token'>>;
  revokeOtherSessions?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  revokeSession?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationRevokeSessionArgs, 'id'>>;
  savePost?: Resolver<ResolversTypes['Post'], ParentType, ContextType, RequireFields<MutationSavePostArgs, 'input'>>;
  selectMessageVersion?: Resolver<Array<ResolversTypes['Message']>, ParentType, ContextType, RequireFields<MutationSelectMessageVersionArgs, 'chatId' | 'messageId'>>;
  sendChatShare?: Resolver<ResolversTypes['DirectMessage'], ParentType, ContextType, RequireFields<MutationSendChatShareArgs, 'friendId' | 'token'>>;
  sendDirectMessage?: Resolver<ResolversTypes['DirectMessage'], ParentType, ContextType, RequireFields<MutationSendDirectMessageArgs, 'content' | 'conversationId'>>;
  sendEmailInvitation?: Resolver<ResolversTypes['SentInvitation'], ParentType, ContextType, RequireFields<MutationSendEmailInvitationArgs, 'email'>>;
  sendFriendRequest?: Resolver<ResolversTypes['FriendRequestPayload'], ParentType, ContextType, RequireFields<MutationSendFriendRequestArgs, 'username'>>;
  sendMessage?: Resolver<ResolversTypes['SendMessagePayload'], ParentType, ContextType, RequireFields<MutationSendMessageArgs, 'input'>>;
  sendSmsInvitation?: Resolver<ResolversTypes['SentInvitation'], ParentType, ContextType, RequireFields<MutationSendSmsInvitationArgs, 'phoneNumber'>>;
  setChatPinned?: Resolver<ResolversTypes['Chat'], ParentType, ContextType, RequireFields<MutationSetChatPinnedArgs, 'chatId' | 'pinned'>>;
  startAccountExport?: Resolver<ResolversTypes['AccountExport'], ParentType, ContextType>;
  startTotpSetup?: Resolver<ResolversTypes['TotpSetup'], ParentType, ContextType>;
  stopGeneration?: Resolver<ResolversTypes['Message'], ParentType, ContextType, RequireFields<MutationStopGenerationArgs, 'messageId'>>;
  toggleLike?: Resolver<ResolversTypes['Post'], ParentType, ContextType, RequireFields<MutationToggleLikeArgs, 'postId'>>;
  updateChatFolder?: Resolver<ResolversTypes['ChatFolder'], ParentType, ContextType, RequireFields<MutationUpdateChatFolderArgs, 'id' | 'input'>>;
  updatePost?: Resolver<ResolversTypes['Post'], ParentType, ContextType, RequireFields<MutationUpdatePostArgs, 'id' | 'input'>>;
  updateProfile?: Resolver<ResolversTypes['User'], ParentType, ContextType, RequireFields<MutationUpdateProfileArgs, 'input'>>;
  updateSettings?: Resolver<ResolversTypes['UserSettings'], ParentType, ContextType, RequireFields<MutationUpdateSettingsArgs, 'input'>>;
  verifyEmail?: Resolver<ResolversTypes['String'], ParentType, ContextType, RequireFields<MutationVerifyEmailArgs, 'token'>>;
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

export type PostResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Post'] = ResolversParentTypes['Post']> = ResolversObject<{
  author?: Resolver<ResolversTypes['PostAuthor'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  duration?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isPublic?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  likedByMe?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  likes?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  mine?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  model?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  preview?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  prompt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  provider?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  seconds?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  size?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  slug?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sourceFrameSeconds?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  sourceImageUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  sourceVideoId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  tags?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  thumbnailUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  videoId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  videoUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  views?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type PostAuthorResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PostAuthor'] = ResolversParentTypes['PostAuthor']> = ResolversObject<{
  displayName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  username?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type PublicVideosPageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PublicVideosPage'] = ResolversParentTypes['PublicVideosPage']> = ResolversObject<{
  nextCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  posts?: Resolver<Array<ResolversTypes['Post']>, ParentType, ContextType>;
}>;

export type QueryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = ResolversObject<{
  accountExport?: Resolver<Maybe<ResolversTypes['AccountExport']>, ParentType, ContextType, RequireFields<QueryAccountExportArgs, 'id'>>;
  allowance?: Resolver<ResolversTypes['Allowance'], ParentType, ContextType, RequireFields<QueryAllowanceArgs, 'feature'>>;
  catalogue?: Resolver<ResolversTypes['AssistantCatalogue'], ParentType, ContextType>;
  chat?: Resolver<Maybe<ResolversTypes['Chat']>, ParentType, ContextType, RequireFields<QueryChatArgs, 'id'>>;
  chatFolders?: Resolver<Array<ResolversTypes['ChatFolder']>, ParentType, ContextType>;
  chatPage?: Resolver<ResolversTypes['ChatPage'], ParentType, ContextType, RequireFields<QueryChatPageArgs, 'first'>>;
  chatShares?: Resolver<Array<ResolversTypes['ChatShare']>, ParentType, ContextType, RequireFields<QueryChatSharesArgs, 'chatId'>>;
  chats?: Resolver<Array<ResolversTypes['Chat']>, ParentType, ContextType>;
  conversation?: Resolver<Maybe<ResolversTypes['Conversation']>, ParentType, ContextType, RequireFields<QueryConversationArgs, 'id'>>;
  conversations?: Resolver<Array<ResolversTypes['Conversation']>, ParentType, ContextType, Partial<QueryConversationsArgs>>;
  directMessages?: Resolver<ResolversTypes['DirectMessagePage'], ParentType, ContextType, RequireFields<QueryDirectMessagesArgs, 'conversationId' | 'limit'>>;
  files?: Resolver<Array<ResolversTypes['StoredFile']>, ParentType, ContextType>;
  friends?: Resolver<Array<ResolversTypes['Friend']>, ParentType, ContextType>;
  friendships?: Resolver<Array<ResolversTypes['Friendship']>, ParentType, ContextType>;
  healthy?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  importStatus?: Resolver<Maybe<ResolversTypes['ChatImport']>, ParentType, ContextType, RequireFields<QueryImportStatusArgs, 'id'>>;
  invitations?: Resolver<Array<ResolversTypes['Invitation']>, ParentType, ContextType>;
  invitePreview?: Resolver<Maybe<ResolversTypes['InvitePreview']>, ParentType, ContextType, RequireFields<QueryInvitePreviewArgs, 'token'>>;
  me?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
  memories?: Resolver<Array<ResolversTypes['Memory']>, ParentType, ContextType>;
  messagePage?: Resolver<ResolversTypes['MessagePage'], ParentType, ContextType, RequireFields<QueryMessagePageArgs, 'chatId' | 'last'>>;
  messages?: Resolver<Array<ResolversTypes['Message']>, ParentType, ContextType, RequireFields<QueryMessagesArgs, 'chatId' | 'limit'>>;
  myPosts?: Resolver<Array<ResolversTypes['Post']>, ParentType, ContextType>;
  mySessions?: Resolver<Array<ResolversTypes['AccountSession']>, ParentType, ContextType>;
  mySettings?: Resolver<ResolversTypes['UserSettings'], ParentType, ContextType>;
  mySubscription?: Resolver<ResolversTypes['UserSubscription'], ParentType, ContextType>;
  plans?: Resolver<Array<ResolversTypes['Plan']>, ParentType, ContextType>;
  publicVideo?: Resolver<Maybe<ResolversTypes['Post']>, ParentType, ContextType, RequireFields<QueryPublicVideoArgs, 'slug'>>;
  publicVideoTags?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType, RequireFields<QueryPublicVideoTagsArgs, 'first'>>;
  publicVideos?: Resolver<ResolversTypes['PublicVideosPage'], ParentType, ContextType, RequireFields<QueryPublicVideosArgs, 'first'>>;
  referrals?: Resolver<ResolversTypes['ReferralSummary'], ParentType, ContextType>;
  search?: Resolver<Array<ResolversTypes['SearchResult']>, ParentType, ContextType, RequireFields<QuerySearchArgs, 'query'>>;
  sharedChat?: Resolver<Maybe<ResolversTypes['SharedChat']>, ParentType, ContextType, RequireFields<QuerySharedChatArgs, 'token'>>;
  storageUsage?: Resolver<ResolversTypes['StorageUsage'], ParentType, ContextType>;
  stripeConfig?: Resolver<ResolversTypes['StripeConfig'], ParentType, ContextType>;
  unreadMessageCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  videoJob?: Resolver<Maybe<ResolversTypes['VideoJob']>, ParentType, ContextType, RequireFields<QueryVideoJobArgs, 'id'>>;
  videoModels?: Resolver<Array<ResolversTypes['VideoOptions']>, ParentType, ContextType>;
  videoOptions?: Resolver<ResolversTypes['VideoOptions'], ParentType, ContextType, Partial<QueryVideoOptionsArgs>>;
}>;

export type ReferralRewardResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReferralReward'] = ResolversParentTypes['ReferralReward']> = ResolversObject<{
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  progress?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  required?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  unlocked?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
}>;

export type ReferralSummaryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReferralSummary'] = ResolversParentTypes['ReferralSummary']> = ResolversObject<{
  friendsJoined?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  points?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  rewards?: Resolver<Array<ResolversTypes['ReferralReward']>, ParentType, ContextType>;
}>;

export type SearchResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SearchResult'] = ResolversParentTypes['SearchResult']> = ResolversObject<{
  chatId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  chatTitle?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  messageId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  snippet?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type SendMessagePayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SendMessagePayload'] = ResolversParentTypes['SendMessagePayload']> = ResolversObject<{
  activeModel?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  aiMessage?: Resolver<ResolversTypes['Message'], ParentType, ContextType>;
  chat?: Resolver<ResolversTypes['Chat'], ParentType, ContextType>;
  modelChanged?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  userMessage?: Resolver<ResolversTypes['Message'], ParentType, ContextType>;
}>;

export type SentInvitationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SentInvitation'] = ResolversParentTypes['SentInvitation']> = ResolversObject<{
  invitation?: Resolver<ResolversTypes['Invitation'], ParentType, ContextType>;
  previewUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type SharedChatResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SharedChat'] = ResolversParentTypes['SharedChat']> = ResolversObject<{
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  messages?: Resolver<Array<ResolversTypes['SharedMessage']>, ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  token?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type SharedMessageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SharedMessage'] = ResolversParentTypes['SharedMessage']> = ResolversObject<{
  assistantColor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  assistantName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  content?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  images?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  model?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  role?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type SocialEventResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SocialEvent'] = ResolversParentTypes['SocialEvent']> = ResolversObject<{
  conversationId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  friend?: Resolver<Maybe<ResolversTypes['Friend']>, ParentType, ContextType>;
  friendshipId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  message?: Resolver<Maybe<ResolversTypes['DirectMessage']>, ParentType, ContextType>;
}>;

export type StorageUsageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['StorageUsage'] = ResolversParentTypes['StorageUsage']> = ResolversObject<{
  imagesBytes?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  maxUploadBytes?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  plan?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  quotaBytes?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  uploadsBytes?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  usedBytes?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  videosBytes?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
}>;

export type StoredFileResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['StoredFile'] = ResolversParentTypes['StoredFile']> = ResolversObject<{
  contentType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  downloadUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  size?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  uploadedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
}>;

export type StripeConfigResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['StripeConfig'] = ResolversParentTypes['StripeConfig']> = ResolversObject<{
  mode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  publishableKey?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type SubscriptionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription']> = ResolversObject<{
  answerStream?: SubscriptionResolver<ResolversTypes['AnswerEvent'], "answerStream", ParentType, ContextType, RequireFields<SubscriptionAnswerStreamArgs, 'messageId'>>;
  ping?: SubscriptionResolver<ResolversTypes['Pong'], "ping", ParentType, ContextType, RequireFields<SubscriptionPingArgs, 'count' | 'intervalMs'>>;
  socialEvents?: SubscriptionResolver<ResolversTypes['SocialEvent'], "socialEvents", ParentType, ContextType>;
  videoJobUpdates?: SubscriptionResolver<ResolversTypes['VideoJob'], "videoJobUpdates", ParentType, ContextType, RequireFields<SubscriptionVideoJobUpdatesArgs, 'id'>>;
}>;

export type TotpSetupResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TotpSetup'] = ResolversParentTypes['TotpSetup']> = ResolversObject<{
  otpauthUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  qrCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  secret?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type UserResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['User'] = ResolversParentTypes['User']> = ResolversObject<{
  avatar?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  bio?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  displayName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  emailVerified?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastActive?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  passwordChangedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
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

export type VideoJobResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['VideoJob'] = ResolversParentTypes['VideoJob']> = ResolversObject<{
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  downloadUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  duration?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  model?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  preview?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  progress?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  prompt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  provider?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  seconds?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  size?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sourceFileId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  sourceFrameSeconds?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  sourceVideoId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  thumbnailUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  videoUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type VideoOptionsResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['VideoOptions'] = ResolversParentTypes['VideoOptions']> = ResolversObject<{
  aspectRatios?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  audio?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  durations?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  imageInput?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  maxHeight?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  model?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  preview?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  promptExpansion?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  provider?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  renderEstimates?: Resolver<Array<ResolversTypes['VideoRenderEstimate']>, ParentType, ContextType>;
  sizes?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type VideoRenderEstimateResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['VideoRenderEstimate'] = ResolversParentTypes['VideoRenderEstimate']> = ResolversObject<{
  duration?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  measured?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  seconds?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type Resolvers<ContextType = GraphQLContext> = ResolversObject<{
  AccountExport?: AccountExportResolvers<ContextType>;
  AccountSession?: AccountSessionResolvers<ContextType>;
  Allowance?: AllowanceResolvers<ContextType>;
  AnswerEvent?: AnswerEventResolvers<ContextType>;
  Assistant?: AssistantResolvers<ContextType>;
  AssistantCatalogue?: AssistantCatalogueResolvers<ContextType>;
  AuthPayload?: AuthPayloadResolvers<ContextType>;
  Chat?: ChatResolvers<ContextType>;
  ChatFolder?: ChatFolderResolvers<ContextType>;
  ChatImport?: ChatImportResolvers<ContextType>;
  ChatPage?: ChatPageResolvers<ContextType>;
  ChatShare?: ChatShareResolvers<ContextType>;
  CheckoutSession?: CheckoutSessionResolvers<ContextType>;
  CheckoutSessionResult?: CheckoutSessionResultResolvers<ContextType>;
  Conversation?: ConversationResolvers<ContextType>;
  DateTime?: GraphQLScalarType;
  DirectMessage?: DirectMessageResolvers<ContextType>;
  DirectMessagePage?: DirectMessagePageResolvers<ContextType>;
  Friend?: FriendResolvers<ContextType>;
  FriendRequestPayload?: FriendRequestPayloadResolvers<ContextType>;
  Friendship?: FriendshipResolvers<ContextType>;
  Invitation?: InvitationResolvers<ContextType>;
  InvitationLink?: InvitationLinkResolvers<ContextType>;
  InvitePreview?: InvitePreviewResolvers<ContextType>;
  Inviter?: InviterResolvers<ContextType>;
  Memory?: MemoryResolvers<ContextType>;
  Message?: MessageResolvers<ContextType>;
  MessagePage?: MessagePageResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  Plan?: PlanResolvers<ContextType>;
  PlanLimit?: PlanLimitResolvers<ContextType>;
  Pong?: PongResolvers<ContextType>;
  PortalSession?: PortalSessionResolvers<ContextType>;
  Post?: PostResolvers<ContextType>;
  PostAuthor?: PostAuthorResolvers<ContextType>;
  PublicVideosPage?: PublicVideosPageResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  ReferralReward?: ReferralRewardResolvers<ContextType>;
  ReferralSummary?: ReferralSummaryResolvers<ContextType>;
  SearchResult?: SearchResultResolvers<ContextType>;
  SendMessagePayload?: SendMessagePayloadResolvers<ContextType>;
  SentInvitation?: SentInvitationResolvers<ContextType>;
  SharedChat?: SharedChatResolvers<ContextType>;
  SharedMessage?: SharedMessageResolvers<ContextType>;
  SocialEvent?: SocialEventResolvers<ContextType>;
  StorageUsage?: StorageUsageResolvers<ContextType>;
  StoredFile?: StoredFileResolvers<ContextType>;
  StripeConfig?: StripeConfigResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  TotpSetup?: TotpSetupResolvers<ContextType>;
  User?: UserResolvers<ContextType>;
  UserSettings?: UserSettingsResolvers<ContextType>;
  UserSubscription?: UserSubscriptionResolvers<ContextType>;
  VideoJob?: VideoJobResolvers<ContextType>;
  VideoOptions?: VideoOptionsResolvers<ContextType>;
  VideoRenderEstimate?: VideoRenderEstimateResolvers<ContextType>;
}>;

