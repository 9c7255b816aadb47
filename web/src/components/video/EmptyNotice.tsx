import { EmptyState, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuVideo } from 'react-icons/lu';

/** The empty and no-match states of the video grids: a title, one line, and maybe a way forward. */
export function EmptyNotice({
  title,
  description,
  icon,
  children,
}: {
  title: string;
  description: string;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="xl" role="status">
      <EmptyState.Content>
        <EmptyState.Indicator>{icon ?? <LuVideo aria-hidden="true" />}</EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title as="h2">{title}</EmptyState.Title>
          <EmptyState.Description>{description}</EmptyState.Description>
        </VStack>
        {children}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
