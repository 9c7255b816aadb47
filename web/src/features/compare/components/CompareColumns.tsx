import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SwipeCards } from './SwipeCards';

/**
 * A compare's answer cards side by side: columns on wide screens, swipeable cards on phones
 * (`narrow`, useIsNarrowScreen). A page drawn on the server is drawn wide (the hook's server
 * value); there the columns stack below `md` until the browser takes over, so a phone never shows
 * squeezed columns first.
 */
export function CompareColumns({ cards, narrow }: { cards: readonly ReactNode[]; narrow: boolean }) {
  if (narrow) return <SwipeCards cards={cards} />;
  return (
    // A plain grid box: Chakra's Grid would become a chunk of its own shared with the public
    // pages' SimpleGrid, over their JS budget (web/vite-plugins/initialJsReport.ts).
    <Box
      display="grid"
      gridTemplateColumns={{ base: '1fr', md: `repeat(${cards.length}, minmax(0, 1fr))` }}
      gap="3"
      alignItems="start"
    >
      {cards}
    </Box>
  );
}
