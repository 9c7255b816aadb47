import { Box, Button, Flex, Heading, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuArrowRight, LuBrain, LuLayers, LuLock, LuPenLine, LuWrench } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { SIGN_UP_FREE } from '../../accounts/signUpLinks';
import { CommunityShowcase } from '../../video/components/CommunityShowcase';
import { TRENDING_SHOWCASE } from '../../video/showcases';
import type { Feature } from '../components/FeatureCard';
import { MarketingPage } from '../components/MarketingPage';

const FEATURES: Feature[] = [
  {
    icon: LuBrain,
    title: 'Adaptive Intelligence',
    description:
      'Chorus remembers what matters from earlier conversations and adapts its tone to you, so you never start from zero.',
  },
  {
    icon: LuWrench,
    title: 'Integrated Tools',
    description:
      'Switch to Study, Rewrite, Business or Coach mode, ask for code, or turn a prompt into a short video without leaving the chat.',
  },
  {
    icon: LuPenLine,
    title: 'Human-Quality Writing',
    description: 'Drafts that read naturally, match your voice and are ready to send, post or hand in.',
  },
  {
    icon: LuLayers,
    title: 'Multi-Chat Interface',
    description:
      'GPT, Claude, Grok, Gemini and more in one conversation: type @claude or @grok to hand the next message to another assistant.',
  },
  {
    icon: LuLock,
    title: 'Private & Secure',
    description:
      'Your chats belong to your account alone, travel over encrypted connections and are never shown to other people.',
  },
];

interface Audience {
  id: string;
  title: string;
  text: string;
  points: string[];
  to: string;
  linkLabel: string;
}

const AUDIENCES: Audience[] = [
  {
    id: 'for-students',
    title: 'For students',
    text: 'Study Mode explains problems step by step and quizzes you until the idea sticks.',
    points: [
      'Worked examples in maths and science',
      'Feedback on essays that keeps them yours',
      'Revision plans and flashcards',
    ],
    to: '/ai-chatbot-for-schoolwork',
    linkLabel: 'Explore Chorus for students',
  },
  {
    id: 'for-writers',
    title: 'Content rewriter',
    text: 'Paste a draft and get it back clearer, shorter or in a different tone, with your meaning intact.',
    points: [
      'Change tone with one instruction',
      'Shorten or expand on demand',
      'Compare rewrites from several models',
    ],
    to: '/ai-content-rewriter',
    linkLabel: 'Explore the content rewriter',
  },
  {
    id: 'for-growth',
    title: 'Life coach',
    text: 'A patient listener that helps you set goals, build habits and think through decisions.',
    points: [
      'Goals broken into small steps',
      'Check-ins that remember your progress',
      'Support with a tone that fits the moment',
    ],
    to: '/ai-life-coach-chatbot',
    linkLabel: 'Explore the life coach',
  },
  {
    id: 'for-business',
    title: 'For business',
    text: 'Product copy, campaigns, captions and customer replies drafted in minutes, in your brand voice.',
    points: [
      'SEO pages and product descriptions',
      'Email campaigns and social captions',
      'Short videos for ads and stories',
    ],
    to: '/ai-chatbot-for-business',
    linkLabel: 'Explore Chorus for business',
  },
];

function AudienceCard({ audience }: { audience: Audience }) {
  return (
    <Stack
      as="article"
      aria-labelledby={audience.id}
      gap="4"
      p="6"
      rounded="xl"
      borderWidth="1px"
      bg="bg"
      height="full"
    >
      <Heading as="h3" id={audience.id} size="xl">
        {audience.title}
      </Heading>
      <Text color="fg.muted">{audience.text}</Text>
      <List.Root ps="5" gap="1" color="fg.muted">
        {audience.points.map((point) => (
          <List.Item key={point}>{point}</List.Item>
        ))}
      </List.Root>
      <Flex mt="auto">
        <Button asChild variant="outline" size="sm">
          <RouterLink to={audience.to}>
            {audience.linkLabel} <LuArrowRight aria-hidden="true" />
          </RouterLink>
        </Button>
      </Flex>
    </Stack>
  );
}

export default function LandingPage() {
  return (
    <MarketingPage
      content={{
        meta: '/',
        hero: {
          eyebrow: 'GPT, Claude, Grok, Gemini and more, together',
          title: 'One chat. Every great AI.',
          subtitle:
            'Ask the assistant that suits the moment, switch with an @command mid-conversation, and turn your best ideas into short videos, all in Chorus.',
          links: [
            ['/chat', 'Try Chat Now'],
            [SIGN_UP_FREE, 'Start Free'],
            ['/features', 'Explore Features'],
          ],
        },
        sections: [
          {
            id: 'why-chorus',
            title: 'Why people choose Chorus',
            intro:
              'Every assistant has its strengths. Chorus puts them side by side so you always get the best answer.',
            features: FEATURES,
          },
          {
            id: 'made-for-you',
            title: 'Made for the way you work',
            intro: 'Specialised modes tune Chorus for what you are doing right now.',
            muted: true,
            body: (
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
                {AUDIENCES.map((audience) => (
                  <Box key={audience.id}>
                    <AudienceCard audience={audience} />
                  </Box>
                ))}
              </SimpleGrid>
            ),
          },
          {
            id: 'trending-community-videos',
            title: 'Trending in the community',
            intro:
              'Short videos people made with Chorus and shared, most liked and watched this week. Hover or focus a card to preview it.',
            body: (
              <>
                {/* The landing page is drawn at build time (web/vite.config.ts PRERENDERED_ROUTES), the
                    same for everyone: its trending videos load in the browser. */}
                <CommunityShowcase filter={TRENDING_SHOWCASE} />
                <Flex mt="8">
                  <Button asChild variant="outline">
                    <RouterLink to="/community-videos?sort=trending">See what else is trending</RouterLink>
                  </Button>
                </Flex>
              </>
            ),
          },
        ],
        closing: {
          title: 'Start your first conversation',
          text: 'Sign up free in under a minute. No card needed for the Free plan.',
          buttonLabel: 'Create your free account',
        },
      }}
    />
  );
}
