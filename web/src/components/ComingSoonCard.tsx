import { Badge, Card, Icon, List, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuSparkles } from 'react-icons/lu';

interface ComingSoonCardProps {
  title: string;
  description: string;
  /** What the finished page will let people do, in their words. */
  highlights?: string[];
  /** Defaults to the wording for screens that fill in later in this release. */
  badge?: string;
  children?: ReactNode;
}

/** Honest placeholder for a screen whose feature ships later: says what's coming, never shows sample data. */
export function ComingSoonCard({
  title,
  description,
  highlights,
  badge = 'Coming in this release',
  children,
}: ComingSoonCardProps) {
  return (
    <Card.Root
      variant="outline"
      borderStyle="dashed"
      borderColor="colorPalette.muted"
      bg="colorPalette.subtle/40"
    >
      <Card.Body gap="4">
        <Stack direction="row" align="center" gap="3" wrap="wrap">
          <Icon color="colorPalette.fg" boxSize="6">
            <LuSparkles aria-hidden="true" />
          </Icon>
          <Card.Title as="h2">{title}</Card.Title>
          <Badge colorPalette="purple" variant="subtle">
            {badge}
          </Badge>
        </Stack>
        <Text color="fg.muted">{description}</Text>
        {highlights?.length ? (
          <List.Root gap="1" ps="5" color="fg.muted">
            {highlights.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List.Root>
        ) : null}
        {children}
      </Card.Body>
    </Card.Root>
  );
}
