import { msg } from '../../lib/i18n';

/** The report reasons the api takes (api/src/modules/moderation/core/Report.ts), as the dialog words them (translated where drawn). */
export const REPORT_REASONS = [
  { value: 'spam', label: msg('Spam or scam') },
  { value: 'sexual', label: msg('Sexual content') },
  { value: 'violence', label: msg('Violence or gore') },
  { value: 'hate', label: msg('Hate speech') },
  { value: 'harassment', label: msg('Harassment or bullying') },
  { value: 'illegal', label: msg('Something illegal') },
  { value: 'other', label: msg('Something else') },
] as const;

export type ReportReason = (typeof REPORT_REASONS)[number]['value'];
export type ReportTargetType = 'post' | 'user' | 'message' | 'comment' | 'assistant';

export const reasonLabel = (value: string) => REPORT_REASONS.find((r) => r.value === value)?.label ?? value;
