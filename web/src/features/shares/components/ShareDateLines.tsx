import { useHydrated } from '../../../hooks/useHydrated';
import { formatLongDate } from '../../../lib/formatDate';
import { useLanguage, useT } from '../../../lib/i18n';

/*
 * A share's lines with a date in them, each one sentence to translate (the date's place differs by
 * language). Leaves, as components/LocalFormat.tsx's: the date switches to the visitor's time zone
 * once the page has hydrated, re-rendering the line alone.
 */

/** "Link made November 22, 2026 · 3 messages" (a link in the share dialog). */
export function LinkMadeLine({ iso, messageCount }: { iso: string; messageCount: number }) {
  const t = useT();
  const date = formatLongDate(iso, !useHydrated(), useLanguage());
  return (
    <>
      {t('Link made {date} · {count, plural, one {# message} other {# messages}}', {
        date,
        count: messageCount,
      })}
    </>
  );
}

/** "Shared on November 22, 2026 · a read-only copy of the chat at that moment" (the shared page). */
export function SharedOnLine({ iso }: { iso: string }) {
  const t = useT();
  const date = formatLongDate(iso, !useHydrated(), useLanguage());
  return <>{t('Shared on {date} · a read-only copy of the chat at that moment', { date })}</>;
}
