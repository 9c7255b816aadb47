import { Badge, Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { Language } from '@chorus/shared/languages';
import { LuActivity, LuClock, LuDownload, LuMonitor } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { useApiQuery } from '../../../hooks/useApiQuery';
import { msg, type Translate, useLanguage, useT } from '../../../lib/i18n';
import { useLocalizedPath } from '../../languages/useLocalizedPath';
import {
  capabilityCopy,
  fetchVideoCapabilities,
  type VideoCapabilities,
  videoCapabilitiesKey,
} from '../../video/capabilities';
import { CommunityShowcase } from '../../video/components/CommunityShowcase';
import { NEWEST_SHOWCASE, TRENDING_SHOWCASE } from '../../video/showcases';
import type { Feature } from '../components/FeatureCard';
import { MarketingPage } from '../components/MarketingPage';

const STEPS = [
  {
    title: msg('Describe'),
    text: msg(
      'Type what you want to see in the chat, starting with @video. Add “8 seconds” or “short clip” to set the length.',
    ),
  },
  {
    title: msg('Generate'),
    text: msg(
      'Chorus renders your clip while a progress bar shows how far along it is and how long is left.',
    ),
  },
  {
    title: msg('Download & share'),
    text: msg(
      'Save the video to your gallery, download the MP4, or publish it to the community with a shareable link.',
    ),
  },
];

/** The length and size cards say what the configured video service makes (its capabilities). */
function featuresFor(caps: VideoCapabilities | undefined, t: Translate, language: Language): Feature[] {
  const copy = capabilityCopy(caps, t, language);
  return [
    { icon: LuClock, title: msg('Custom duration'), description: copy.durationText },
    { icon: LuMonitor, title: copy.sizeTitle, description: copy.sizeText },
    ...FEATURES,
  ];
}

const FEATURES: Feature[] = [
  {
    icon: LuActivity,
    title: msg('Progress tracking'),
    description: msg('Watch each render move from queued to complete, with a time estimate.'),
  },
  {
    icon: LuDownload,
    title: msg('Easy export'),
    description: msg('Download standard MP4 files that play everywhere, or share a public page.'),
  },
];

function Steps() {
  const t = useT();
  return (
    <SimpleGrid as="ol" listStyleType="none" columns={{ base: 1, md: 3 }} gap="6">
      {STEPS.map((step, index) => (
        <Stack as="li" key={step.title} gap="3" p="6" rounded="xl" borderWidth="1px">
          <Badge alignSelf="flex-start" size="lg" variant="solid">
            {t('Step {number}', { number: index + 1 })}
          </Badge>
          <Heading as="h3" size="lg">
            {t(step.title)}
          </Heading>
          <Text color="fg.muted">{t(step.text)}</Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

export default function VideoGeneratorPage() {
  const t = useT();
  const localized = useLocalizedPath();
  const language = useLanguage();
  const capabilities = useApiQuery(videoCapabilitiesKey, fetchVideoCapabilities);
  return (
    <MarketingPage
      content={{
        meta: {
          title: t('AI Video Generator'),
          description: t(
            'Turn a text prompt into a short video with Chorus. Set the length, track progress, download MP4s and share them with the community.',
          ),
          keywords: ['AI video generator', 'text to video', 'AI video maker', 'short video AI'],
          canonicalPath: '/ai-video-generator',
        },
        hero: {
          eyebrow: msg('AI Video Generator'),
          title: msg('Turn words into video in minutes'),
          subtitle: msg(
            'Describe a scene in the chat and Chorus turns it into a short video you can download, keep in your gallery or share with everyone.',
          ),
          links: [
            ['/chat', msg('Create a video')],
            ['/community-videos', msg('Browse community videos')],
          ],
        },
        sections: [
          { id: 'how-it-works', title: msg('How it works'), body: <Steps /> },
          {
            id: 'video-features',
            title: msg('Built for creators'),
            muted: true,
            features: featuresFor(capabilities.data, t, language),
            columns: 2,
          },
          {
            id: 'trending-community-videos',
            title: msg('Trending now'),
            intro: msg(
              'What the community is liking, watching and talking about this week. Hover or focus a card to preview it, open it for the full video and its prompt.',
            ),
            body: <CommunityShowcase filter={TRENDING_SHOWCASE} />,
          },
          {
            id: 'latest-community-videos',
            title: msg('Fresh from the community'),
            intro: msg('Just made and shared with Chorus.'),
            muted: true,
            body: (
              <>
                <CommunityShowcase filter={NEWEST_SHOWCASE} except={TRENDING_SHOWCASE} />
                <Stack direction={{ base: 'column', sm: 'row' }} gap="3" mt="8">
                  <Button asChild variant="outline">
                    <RouterLink to={localized('/community-videos')}>
                      {t('Open the community gallery')}
                    </RouterLink>
                  </Button>
                  <Button asChild variant="ghost">
                    <RouterLink to={localized('/features')}>{t('See all features')}</RouterLink>
                  </Button>
                </Stack>
              </>
            ),
          },
        ],
        closing: {
          title: msg('Make your first video'),
          text: msg('Create a free account, type @video and describe what you imagine.'),
          buttonLabel: msg('Start Free'),
        },
      }}
    />
  );
}
