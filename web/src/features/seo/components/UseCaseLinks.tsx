import { Card, Link, SimpleGrid, Text } from '@chakra-ui/react';
import { LuArrowRight } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { msg, useT } from '../../../lib/i18n';
import { useLocalizedPath } from '../../languages/useLocalizedPath';
import { USE_CASE_PAGES, type UseCasePath } from '../useCasePaths';

/** What each use-case card says under the page's name. */
const CARD_TEXT: Record<UseCasePath, string> = {
  '/ai-chatbot-for-schoolwork': msg(
    'Step-by-step explanations, study plans and essay feedback that help you learn, not just finish.',
  ),
  '/ai-content-rewriter': msg(
    'Turn rough drafts into clear, natural writing in the tone your readers expect.',
  ),
  '/ai-life-coach-chatbot': msg(
    'A patient listener that helps you set goals, build habits and think through decisions.',
  ),
  '/ai-chatbot-for-business': msg(
    'Product copy, campaigns and customer replies drafted in minutes, in your brand voice.',
  ),
};

/** Cards linking the use-case pages to each other; the current page leaves itself out. */
export function UseCaseLinks({ exclude }: { exclude?: string }) {
  const t = useT();
  const localized = useLocalizedPath();
  const items = USE_CASE_PAGES.filter((item) => item.path !== exclude);
  return (
    <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: items.length === 3 ? 3 : 2 }} gap="5">
      {items.map((item) => (
        <li key={item.path}>
          <Card.Root variant="outline" height="full">
            <Card.Body gap="2">
              <Card.Title as="h3">
                <Link asChild color="colorPalette.fg" fontWeight="semibold">
                  <RouterLink to={localized(item.path)}>
                    {t(item.title)} <LuArrowRight aria-hidden="true" />
                  </RouterLink>
                </Link>
              </Card.Title>
              <Text color="fg.muted">{t(CARD_TEXT[item.path])}</Text>
            </Card.Body>
          </Card.Root>
        </li>
      ))}
    </SimpleGrid>
  );
}
