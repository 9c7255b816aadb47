import { HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { IconType } from 'react-icons';
import { LuEye } from 'react-icons/lu';
import { useHydrated } from '../../../hooks/useHydrated';
import { formatCount } from '../../../lib/formatDate';
import { msg, useLanguage, useT } from '../../../lib/i18n';

/*
 * Apart from VideoStats (likes) because the community cards, on a page near its JavaScript budget,
 * show views only.
 */

/** A fact beside its icon; the icon is decoration, so the words must say it all for screen readers. */
export function IconLabel({ icon: LabelIcon, children }: { icon: IconType; children: ReactNode }) {
  return (
    <HStack gap="1">
      <LabelIcon aria-hidden="true" />
      <Text>{children}</Text>
    </HStack>
  );
}

/** A count and its noun in one message ("1,234 views"), the count in the page's number format (LocalFormat.tsx). */
export function useCountText(): (message: string, count: number) => string {
  const t = useT();
  const language = useLanguage();
  const serverDrawn = !useHydrated();
  return (message, count) => t(message, { count, formatted: formatCount(count, serverDrawn, language) });
}

export function ViewCount({ views }: { views: number }) {
  const countText = useCountText();
  return (
    <IconLabel icon={LuEye}>
      {countText(msg('{count, plural, one {{formatted} view} other {{formatted} views}}'), views)}
    </IconLabel>
  );
}
