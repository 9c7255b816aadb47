import { Card, Icon, SimpleGrid, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { useT } from '../../../lib/i18n';

export interface Feature {
  icon: IconType;
  title: string;
  description: string;
}

export function FeatureCard({ icon: FeatureIcon, title, description }: Feature) {
  const t = useT();
  return (
    <Card.Root variant="outline" height="full">
      <Card.Body gap="3">
        <Icon boxSize="10" p="2" rounded="lg" bg="colorPalette.subtle" color="colorPalette.fg">
          <FeatureIcon aria-hidden="true" />
        </Icon>
        <Card.Title as="h3">{t(title)}</Card.Title>
        <Text color="fg.muted">{t(description)}</Text>
      </Card.Body>
    </Card.Root>
  );
}

export function FeatureGrid({ features, columns = 3 }: { features: Feature[]; columns?: 2 | 3 }) {
  return (
    <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: columns }} gap="5">
      {features.map((feature) => (
        <li key={feature.title}>
          <FeatureCard {...feature} />
        </li>
      ))}
    </SimpleGrid>
  );
}
