import { EmptyState, VStack } from '@chakra-ui/react';
import { emptyStateSlotRecipe } from '@chakra-ui/react/theme';
import type { ReactNode } from 'react';
import { LuVideo } from 'react-icons/lu';
import { registerRecipes } from '../../../theme/registerRecipes';

registerRecipes({ slotRecipes: { emptyState: emptyStateSlotRecipe } });

/** The empty and no-match states of the video grids: a title, one line, and maybe a way forward. */
export function EmptyNotice({
  title,
  description,
  icon,
  headingLevel = 'h2',
  children,
}: {
  title: string;
  description: string;
  icon?: ReactNode;
  /** h1 when the notice is all the page shows (e.g. a video that is not found). */
  headingLevel?: 'h1' | 'h2';
  children?: ReactNode;
}) {
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="xl" role="status">
      <EmptyState.Content>
        <EmptyState.Indicator>{icon ?? <LuVideo aria-hidden="true" />}</EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title as={headingLevel}>{title}</EmptyState.Title>
          <EmptyState.Description>{description}</EmptyState.Description>
        </VStack>
        {children}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
