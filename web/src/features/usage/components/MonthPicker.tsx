import { Button, HStack, IconButton, Text } from '@chakra-ui/react';
import { LuChevronLeft, LuChevronRight, LuDownload } from 'react-icons/lu';
import { useLanguage, useT } from '../../../lib/i18n';
import { currentMonth, monthLabel, shiftMonth } from '../usageRules';

/** Previous / next month (never past this one, never before 2020-01), the month's name, and the CSV download. */
export function MonthPicker({ month, onChange }: { month: string; onChange: (month: string) => void }) {
  const t = useT();
  const language = useLanguage();
  const previous = shiftMonth(month, -1);
  const next = shiftMonth(month, 1);
  const canGoBack = previous >= '2020-01';
  const canGoOn = next <= currentMonth();
  return (
    <HStack justify="space-between" wrap="wrap" gap="3">
      <HStack gap="1">
        <IconButton
          aria-label={t('Previous month, {month}', { month: monthLabel(previous, language) })}
          size="sm"
          variant="outline"
          disabled={!canGoBack}
          onClick={() => onChange(previous)}
        >
          <LuChevronLeft />
        </IconButton>
        <Text
          as="h2"
          fontWeight="semibold"
          fontSize="lg"
          minW="10.5rem"
          textAlign="center"
          aria-live="polite"
        >
          {monthLabel(month, language)}
        </Text>
        <IconButton
          aria-label={
            canGoOn
              ? t('Next month, {month}', { month: monthLabel(next, language) })
              : t('Next month (not yet)')
          }
          size="sm"
          variant="outline"
          disabled={!canGoOn}
          onClick={() => onChange(next)}
        >
          <LuChevronRight />
        </IconButton>
      </HStack>
      <Button asChild size="sm" variant="outline">
        <a href={`/api/usage.csv?month=${month}`} download={`chorus-usage-${month}.csv`}>
          <LuDownload aria-hidden="true" /> {t('Download CSV')}
        </a>
      </Button>
    </HStack>
  );
}
