import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The h1 and one-line summary at the top of an app or utility page. */
export function PageHeading({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap="2" mb="6">
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        {title}
      </Heading>
      {description ? <Text color="fg.muted">{description}</Text> : null}
      {children}
    </Stack>
  );
}
