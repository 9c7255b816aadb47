import { Badge, Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuActivity, LuClock, LuDownload, LuMonitor } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { useApiQuery } from '../../../hooks/useApiQuery';
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
    title: 'Describe',
    text: 'Type what you want to see in the chat, starting with @video. Add “8 seconds” or “short clip” to set the length.',
  },
  {
    title: 'Generate',
    text: 'Chorus renders your clip while a progress bar shows how far along it is and how long is left.',
  },
  {
    title: 'Download & share',
    text: 'Save the video to your gallery, download the MP4, or publish it to the community with a shareable link.',
  },
];

/** The length and size cards say what the configured video service makes (its capabilities). */
function featuresFor(caps: VideoCapabilities | undefined): Feature[] {
  const copy = capabilityCopy(caps);
  return [
    { icon: LuClock, title: 'Custom duration', description: copy.durationText },
    { icon: LuMonitor, title: copy.sizeTitle, description: copy.sizeText },
    ...FEATURES,
  ];
}

const FEATURES: Feature[] = [
  {
    icon: LuActivity,
    title: 'Progress tracking',
    description: 'Watch each render move from queued to complete, with a time estimate.',
  },
  {
    icon: LuDownload,
    title: 'Easy export',
    description: 'Download standard MP4 files that play everywhere, or share a public page.',
  },
];

function Steps() {
  return (
    <SimpleGrid as="ol" listStyleType="none" columns={{ base: 1, md: 3 }} gap="6">
      {STEPS.map((step, index) => (
        <Stack as="li" key={step.title} gap="3" p="6" rounded="xl" borderWidth="1px">
          <Badge alignSelf="flex-start" size="lg" variant="solid">
            Step {index + 1}
          </Badge>
          <Heading as="h3" size="lg">
            {step.title}
          </Heading>
          <Text color="fg.muted">{step.text}</Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

export default function VideoGeneratorPage() {
  const capabilities = useApiQuery(videoCapabilitiesKey, fetchVideoCapabilities);
  return (
    <MarketingPage
      content={{
        meta: {
          title: 'AI Video Generator',
          description:
            'Turn a text prompt into a short video with Chorus. Set the length, track progress, download MP4s and share them with the community.',
          keywords: ['AI video generator', 'text to video', 'AI video maker', 'short video AI'],
          canonicalPath: '/ai-video-generator',
        },
        hero: {
          eyebrow: 'AI Video Generator',
          title: 'Turn words into video in minutes',
          subtitle:
            'Describe a scene in the chat and Chorus turns it into a short video you can download, keep in your gallery or share with everyone.',
          links: [
            ['/chat', 'Create a video'],
            ['/community-videos', 'Browse community videos'],
          ],
        },
        sections: [
          { id: 'how-it-works', title: 'How it works', body: <Steps /> },
          {
            id: 'video-features',
            title: 'Built for creators',
            muted: true,
            features: featuresFor(capabilities.data),
            columns: 2,
          },
          {
            id: 'trending-community-videos',
            title: 'Trending now',
            intro:
              'What the community is liking, watching and talking about this week. Hover or focus a card to preview it, open it for the full video and its prompt.',
            body: <CommunityShowcase filter={TRENDING_SHOWCASE} />,
          },
          {
            id: 'latest-community-videos',
            title: 'Fresh from the community',
            intro: 'Just made and shared with Chorus.',
            muted: true,
            body: (
              <>
                <CommunityShowcase filter={NEWEST_SHOWCASE} except={TRENDING_SHOWCASE} />
                <Stack direction={{ base: 'column', sm: 'row' }} gap="3" mt="8">
                  <Button asChild variant="outline">
                    <RouterLink to="/community-videos">Open the community gallery</RouterLink>
                  </Button>
                  <Button asChild variant="ghost">
                    <RouterLink to="/features">See all features</RouterLink>
                  </Button>
                </Stack>
              </>
            ),
          },
        ],
        closing: {
          title: 'Make your first video',
          text: 'Create a free account, type @video and describe what you imagine.',
          buttonLabel: 'Start Free',
        },
      }}
    />
  );
}
