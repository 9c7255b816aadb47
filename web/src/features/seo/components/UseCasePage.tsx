import { Box, Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuCircleCheck } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { CallToAction } from './CallToAction';
import { type Feature, FeatureGrid } from './FeatureCard';
import { Hero } from './Hero';
import { Section } from './Section';
import { UseCaseLinks } from './UseCaseLinks';

export interface UseCaseContent {
  path:
    | '/ai-chatbot-for-schoolwork'
    | '/ai-content-rewriter'
    | '/ai-life-coach-chatbot'
    | '/ai-chatbot-for-business';
  /** The chat mode this page is about; its main button opens a new chat in that mode. */
  mode: { id: 'study' | 'rewrite' | 'coach' | 'business'; label: string };
  eyebrow: string;
  title: string;
  subtitle: string;
  heroButton: string;
  featuresTitle: string;
  features: Feature[];
  activitiesTitle: string;
  activities: { title: string; text: string }[];
  closingTitle: string;
  closingText: string;
  closingButton: string;
}

/** Shared shape of the four use-case pages, so their copy lives apart from their layout. */
export function UseCasePage({ content }: { content: UseCaseContent }) {
  usePageMeta(content.path);
  return (
    <>
      <Hero eyebrow={content.eyebrow} title={content.title} subtitle={content.subtitle}>
        {/* Opens a new chat in this mode (signed-out visitors log in first). */}
        <Button asChild size="lg">
          <RouterLink to={`/chat?mode=${content.mode.id}`}>Try {content.mode.label} Mode</RouterLink>
        </Button>
        <Button asChild size="lg" variant="outline">
          <RouterLink to="/register">{content.heroButton}</RouterLink>
        </Button>
        <Button asChild size="lg" variant="ghost">
          <RouterLink to="/features">See all features</RouterLink>
        </Button>
      </Hero>
      <Section id="use-case-features" title={content.featuresTitle}>
        <FeatureGrid features={content.features} />
      </Section>
      <Section id="use-case-activities" title={content.activitiesTitle} muted>
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2 }} gap="6">
          {content.activities.map((activity) => (
            <Stack as="li" key={activity.title} direction="row" gap="3" align="flex-start">
              <Box color="colorPalette.fg" pt="1" flexShrink={0}>
                <LuCircleCheck aria-hidden="true" />
              </Box>
              <Stack gap="1">
                <Text fontWeight="semibold">{activity.title}</Text>
                <Text color="fg.muted">{activity.text}</Text>
              </Stack>
            </Stack>
          ))}
        </SimpleGrid>
      </Section>
      <Section id="use-case-more" title="More ways to use Chorus">
        <UseCaseLinks exclude={content.path} />
      </Section>
      <CallToAction
        title={content.closingTitle}
        text={content.closingText}
        buttonLabel={content.closingButton}
      />
    </>
  );
}
