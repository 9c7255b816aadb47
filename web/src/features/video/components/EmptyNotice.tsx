import { Button, Container, EmptyState, Stack, type StackProps, VStack } from '@chakra-ui/react';
import { emptyStateSlotRecipe } from '@chakra-ui/react/theme';
import type { ReactNode } from 'react';
import { LuSearchX, LuVideo } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { registerRecipes } from '../../../theme/registerRecipes';
import { useLocalizedPath } from '../../languages/useLocalizedPath';

registerRecipes({ slotRecipes: { emptyState: emptyStateSlotRecipe } });

/** The empty and no-match states of the video grids: a title, one line, and maybe a way forward. */
export function EmptyNotice({
  title,
  description,
  icon,
  headingLevel = 'h2',
  link,
}: {
  title: string;
  description: string;
  icon?: ReactNode;
  /** h1 when the notice is all the page shows (e.g. a video that is not found). */
  headingLevel?: 'h1' | 'h2';
  /** The way forward, as a button. */
  link?: { to: string; label: string };
}) {
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="xl" role="status">
      <EmptyState.Content>
        <EmptyState.Indicator>{icon ?? <LuVideo aria-hidden="true" />}</EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title as={headingLevel}>{title}</EmptyState.Title>
          <EmptyState.Description>{description}</EmptyState.Description>
        </VStack>
        {link ? (
          <Button asChild>
            <RouterLink to={link.to}>{link.label}</RouterLink>
          </Button>
        ) : null}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** A search or tag filter that leaves no video: the same advice on every grid, under the grid's own title. */
export function NoMatchingVideos({ title }: { title: string }) {
  const t = useT();
  return (
    <EmptyNotice
      title={title}
      description={t('Try adjusting your search or filters')}
      icon={<LuSearchX aria-hidden="true" />}
    />
  );
}

/** A public page whose link leads nowhere (a revoked share, a private video): the notice and Go Home. */
export function NotFoundPage({
  title,
  description,
  icon,
}: {
  title: string;
  description: string;
  icon: ReactNode;
}) {
  const t = useT();
  const localized = useLocalizedPath();
  return (
    <Container maxW="3xl" py={{ base: '12', md: '20' }}>
      <EmptyNotice
        title={title}
        description={description}
        icon={icon}
        headingLevel="h1"
        link={{ to: localized('/'), label: t('Go Home') }}
      />
    </Container>
  );
}

/** The tinted box of a public page that invites the visitor in (sign up, continue the chat). */
export function InviteCallout({ headingId, ...props }: StackProps & { headingId: string }) {
  return (
    <Stack
      as="aside"
      aria-labelledby={headingId}
      gap="3"
      rounded="xl"
      bg="colorPalette.subtle"
      borderWidth="1px"
      borderColor="colorPalette.muted"
      {...props}
    />
  );
}
