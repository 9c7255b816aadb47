/**
 * The longest comment on a video, in UTF-16 code units (what `String.length` counts, on both sides):
 * the api refuses longer ones (api/src/modules/comments/core/comments.ts), and the comment box says
 * so before sending, keeping the text.
 */
export const COMMENT_MAX = 2000;

/** The comment box shows its character count from this length on (90% of the limit). */
export const COMMENT_COUNTER_FROM = 1800;

/*
 * The two refusals ("Write something before posting your comment", "Keep your comment to 2,000
 * characters") are written as literals where they are shown, t('…') in the comment box
 * (web/src/features/comments/components/CommentComposer.tsx) and msg('…') in the api
 * (api/src/modules/comments/core/comments.ts): the build compiles a web text with placeholders only
 * where it is written (web/vite-plugins/messageCatalogs.ts). The limit is a plural's `#`, so each
 * language writes 2,000 its own way (2.000, 2 000…).
 */

/** Where a comment stands against COMMENT_MAX, counted as it is sent (trimmed). */
export function commentLength(text: string): { length: number; showCounter: boolean; over: boolean } {
  const length = text.trim().length;
  return { length, showCounter: length >= COMMENT_COUNTER_FROM, over: length > COMMENT_MAX };
}
