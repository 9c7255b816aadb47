/**
 * A report's state in the reporter's words (the Safety page): open is under review; a resolved one
 * says what moderators did (the actions of api/src/modules/moderation/core/reports.ts's moderate).
 */
const OUTCOME_TEXT: Record<string, string> = {
  hide: 'Removed from view by moderators',
  restore: 'Reviewed and restored',
  delete: 'Deleted by moderators',
  dismiss: 'Reviewed: no action',
  warn: 'The person was warned',
  suspend: 'The person was suspended',
  ban: 'The person was banned',
};

export function reportStatusText(status: string, outcome: string | null | undefined): string {
  if (status === 'open') return 'Under review';
  return (outcome && OUTCOME_TEXT[outcome]) || 'Reviewed';
}
