/**
 * What others see of a person's profile, as SQL on a `users` row aliased `alias`. A profile
 * moderators hid (a row in hidden_content, moderation/core/reports.ts, by a moderator or the
 * auto-hide threshold) shows others its username only: the display name and picture people reported
 * are out of view until staff restore it. Plain SQL, as the modules that draw people may not import
 * moderation.
 */
const profileHidden = (alias: string) =>
  `exists (select 1 from hidden_content h where h.target_type = 'user' and h.target_id = ${alias}.id)`;

/** The display name others see (null when hidden: the app then shows the username). */
export const shownDisplayName = (alias: string) =>
  `case when ${profileHidden(alias)} then null else ${alias}.display_name end`;

/** The picture others see (null when hidden). */
export const shownAvatar = (alias: string) =>
  `case when ${profileHidden(alias)} then null else ${alias}.avatar end`;
