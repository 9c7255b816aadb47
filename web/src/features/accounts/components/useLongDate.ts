import { formatLongDate } from '../../../lib/formatDate';
import { useLanguage } from '../../../lib/i18n';

/**
 * A day written out in the page's language ("30. November 2026"); English keeps the spec's US
 * format ("November 30, 2026", lib/formatDate.ts), which the journeys assert.
 */
export function useLongDate(): (iso: string) => string {
  const language = useLanguage();
  return (iso) => {
    if (language === 'en') return formatLongDate(iso);
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return '';
    return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
  };
}
