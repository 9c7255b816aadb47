import type { FriendshipView, FriendView } from './core/friends.ts';
import type { SentInvitation } from './core/invitations.ts';

/** Spec §3's Friend shape exactly. */
export const presentFriend = (f: FriendView) => ({
  id: f.id,
  username: f.username,
  displayName: f.displayName,
  avatar: f.avatar,
  lastActive: f.lastActive,
});

export const presentFriendship = (f: FriendshipView) => ({
  id: f.id,
  userId: f.userId,
  friendId: f.friendId,
  status: f.status,
  direction: f.direction,
  createdAt: f.createdAt,
  updatedAt: f.updatedAt,
  // Who is on the other side, so a list of requests can name them.
  friend: presentFriend(f.other),
});

/** An invitation sent by e-mail or SMS; `previewUrl` only when the local outbox kept it. */
export const presentInvitationSent = (sent: SentInvitation) => ({
  message: 'Invitation Sent',
  ...sent,
  previewUrl: sent.previewUrl ?? undefined,
});
