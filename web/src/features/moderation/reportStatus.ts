import { msg } from '../../lib/i18n';

/**
 * A report's state in the reporter's words (the Safety page): open is under review; a resolved one
 * says what moderators did (the actions of api/src/modules/moderation/core/reports.ts's moderate).
 */
const OUTCOME_TEXT: Record<string, string> = {
  hide: msg('Removed from view by moderators'),
  restore: msg('Reviewed and restored'),
  delete: msg('Deleted by moderators'),
  dismiss: msg('Reviewed: no action'),
  warn: msg('The person was warned'),
  suspend: msg('The person was suspended'),
  ban: msg('The person was banned'),
};

export function reportStatusText(status: string, outcome: string | null | undefined): string {
  if (status === 'open') return msg('Under review');
  return (outcome && OUTCOME_TEXT[outcome]) || msg('Reviewed');
}
