/** The report reasons the api takes (api/src/modules/moderation/core/Report.ts), as the dialog words them. */
export const REPORT_REASONS = [
  { value: 'spam', label: 'Spam or scam' },
  { value: 'sexual', label: 'Sexual content' },
  { value: 'violence', label: 'Violence or gore' },
  { value: 'hate', label: 'Hate speech' },
  { value: 'harassment', label: 'Harassment or bullying' },
  { value: 'illegal', label: 'Something illegal' },
  { value: 'other', label: 'Something else' },
] as const;

export type ReportReason = (typeof REPORT_REASONS)[number]['value'];
export type ReportTargetType = 'post' | 'user' | 'message' | 'comment' | 'assistant';

export const reasonLabel = (value: string) => REPORT_REASONS.find((r) => r.value === value)?.label ?? value;
