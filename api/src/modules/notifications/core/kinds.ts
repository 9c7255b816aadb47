/** Every kind of notification, in the order Settings lists them (the bell's words: web notificationText.ts). */
export const notificationKinds = [
  'friend_request',
  'friend_accepted',
  'message',
  'video_finished',
  'video_failed',
  'report_outcome',
  'follower',
  'like',
  'new_video',
  'comment',
  'reply',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];
