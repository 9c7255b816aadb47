import { Box, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useRef, useState } from 'react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { useT } from '../../../lib/i18n';

/**
 * Phones: one answer per card, swiped sideways (CSS scroll-snap), with "2 of 3", dots, and
 * Previous/Next buttons for keyboards. The cards not on screen are inert.
 */
export function SwipeCards({ cards }: { cards: readonly ReactNode[] }) {
  const t = useT();
  const count = cards.length;
  const track = useRef<HTMLDivElement>(null);
  const [at, setAt] = useState(0);
  const go = (index: number) => {
    const element = track.current;
    if (!element) return;
    const next = Math.max(0, Math.min(count - 1, index));
    element.scrollTo({ left: next * element.clientWidth, behavior: 'smooth' });
    setAt(next);
  };
  return (
    <Stack gap="2" role="region" aria-roledescription={t('carousel')} aria-label={t('Answers')}>
      {/* Focusable, so the arrow keys scroll it too (and a card without buttons, as on a shared
          chat's page, is still reachable: axe's scrollable-region-focusable). */}
      <Box
        ref={track}
        tabIndex={0}
        rounded="lg"
        focusRing="inside"
        display="flex"
        overflowX="auto"
        gap="0"
        css={{ scrollSnapType: 'x mandatory', scrollbarWidth: 'none', overscrollBehaviorX: 'contain' }}
        onScroll={(event) => {
          const element = event.currentTarget;
          if (element.clientWidth > 0) setAt(Math.round(element.scrollLeft / element.clientWidth));
        }}
      >
        {cards.map((card, index) => (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: the cards keep their order
            key={index}
            flex="0 0 100%"
            minW="0"
            px="0.5"
            css={{ scrollSnapAlign: 'center' }}
            aria-hidden={index === at ? undefined : true}
            inert={index === at ? undefined : true}
          >
            {card}
          </Box>
        ))}
      </Box>
      <HStack justify="center" gap="3">
        <IconButton
          size="xs"
          variant="outline"
          aria-label={t('Previous answer')}
          disabled={at === 0}
          onClick={() => go(at - 1)}
        >
          <LuChevronLeft />
        </IconButton>
        <HStack gap="1.5" aria-hidden="true">
          {Array.from({ length: count }, (_, index) => (
            <Box
              // biome-ignore lint/suspicious/noArrayIndexKey: one dot per position
              key={index}
              boxSize="2"
              rounded="full"
              bg={index === at ? 'fg' : 'border.emphasized'}
            />
          ))}
        </HStack>
        <Text fontSize="xs" color="fg.muted" aria-live="polite" data-testid="compare-position">
          {t('{position} of {count}', { position: at + 1, count })}
        </Text>
        <IconButton
          size="xs"
          variant="outline"
          aria-label={t('Next answer')}
          disabled={at >= count - 1}
          onClick={() => go(at + 1)}
        >
          <LuChevronRight />
        </IconButton>
      </HStack>
    </Stack>
  );
}
