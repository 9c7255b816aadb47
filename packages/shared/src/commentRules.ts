/**
 * The longest comment on a video, in UTF-16 code units (what `String.length` counts, on both sides):
 * the api refuses longer ones (api/src/modules/comments/core/comments.ts), and the comment box says
 * so before sending, keeping the text.
 */
export const COMMENT_MAX = 2000;

/** The comment box shows its character count from this length on (90% of the limit). */
export const COMMENT_COUNTER_FROM = 1800;

export const commentTooLong = `Keep your comment to ${COMMENT_MAX.toLocaleString('en-US')} characters`;
export const commentEmpty = 'Write something before posting your comment';

/** Where a comment stands against COMMENT_MAX, counted as it is sent (trimmed). */
export function commentLength(text: string): { length: number; showCounter: boolean; over: boolean } {
  const length = text.trim().length;
  return { length, showCounter: length >= COMMENT_COUNTER_FROM, over: length > COMMENT_MAX };
}
