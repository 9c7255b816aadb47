import { Box, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuCircleCheck } from 'react-icons/lu';
import { msg, useT } from '../../../lib/i18n';
import { SIGN_UP_FREE } from '../../accounts/signUpLinks';
import { MarketingPage } from '../components/MarketingPage';
import { UseCaseLinks } from '../components/UseCaseLinks';
import type { UseCasePath } from '../useCasePaths';
import { USE_CASE_CONTENT, type UseCaseContent } from '../useCases';

function Activities({ activities }: { activities: UseCaseContent['activities'] }) {
  const t = useT();
  return (
    <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2 }} gap="6">
      {activities.map((activity) => (
        <Stack as="li" key={activity.title} direction="row" gap="3" align="flex-start">
          <Box color="colorPalette.fg" pt="1" flexShrink={0}>
            <LuCircleCheck aria-hidden="true" />
          </Box>
          <Stack gap="1">
            <Text fontWeight="semibold">{t(activity.title)}</Text>
            <Text color="fg.muted">{t(activity.text)}</Text>
          </Stack>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** The four use-case pages: one layout, each page's copy from useCases.ts. */
export default function UseCasePage({ path }: { path: UseCasePath }) {
  const t = useT();
  const content = USE_CASE_CONTENT[path];
  return (
    <MarketingPage
      content={{
        meta: path,
        hero: {
          eyebrow: content.eyebrow,
          title: content.title,
          subtitle: content.subtitle,
          links: [
            // Opens a new chat in this mode (signed-out visitors log in first).
            [
              `/chat?mode=${content.mode.id}`,
              t(
                'Try {mode, select, study {Study Mode} rewrite {Rewrite Mode} coach {Coach Mode} other {Business Mode}}',
                {
                  mode: content.mode.id,
                },
              ),
            ],
            [SIGN_UP_FREE, content.heroButton],
            ['/features', msg('See all features')],
          ],
        },
        sections: [
          { id: 'use-case-features', title: content.featuresTitle, features: content.features },
          {
            id: 'use-case-activities',
            title: content.activitiesTitle,
            muted: true,
            body: <Activities activities={content.activities} />,
          },
          {
            id: 'use-case-more',
            title: msg('More ways to use Chorus'),
            body: <UseCaseLinks exclude={path} />,
          },
        ],
        closing: {
          title: content.closingTitle,
          text: content.closingText,
          buttonLabel: content.closingButton,
        },
      }}
    />
  );
}
