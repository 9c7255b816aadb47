import { Card, Link, SimpleGrid, Text } from '@chakra-ui/react';
import { LuArrowRight } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';

export const USE_CASES = [
  {
    to: '/ai-chatbot-for-schoolwork',
    title: 'For Students',
    text: 'Step-by-step explanations, study plans and essay feedback that help you learn, not just finish.',
  },
  {
    to: '/ai-content-rewriter',
    title: 'Content Rewriter',
    text: 'Turn rough drafts into clear, natural writing in the tone your readers expect.',
  },
  {
    to: '/ai-life-coach-chatbot',
    title: 'Life Coach',
    text: 'A patient listener that helps you set goals, build habits and think through decisions.',
  },
  {
    to: '/ai-chatbot-for-business',
    title: 'For Business',
    text: 'Product copy, campaigns and customer replies drafted in minutes, in your brand voice.',
  },
] as const;

/** Cards linking the use-case pages to each other; the current page leaves itself out. */
export function UseCaseLinks({ exclude }: { exclude?: string }) {
  const items = USE_CASES.filter((item) => item.to !== exclude);
  return (
    <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: items.length === 3 ? 3 : 2 }} gap="5">
      {items.map((item) => (
        <li key={item.to}>
          <Card.Root variant="outline" height="full">
            <Card.Body gap="2">
              <Card.Title as="h3">
                <Link asChild color="colorPalette.fg" fontWeight="semibold">
                  <RouterLink to={item.to}>
                    {item.title} <LuArrowRight aria-hidden="true" />
                  </RouterLink>
                </Link>
              </Card.Title>
              <Text color="fg.muted">{item.text}</Text>
            </Card.Body>
          </Card.Root>
        </li>
      ))}
    </SimpleGrid>
  );
}
