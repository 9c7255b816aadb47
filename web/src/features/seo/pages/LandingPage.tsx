import { Box, Button, Flex, Heading, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuArrowRight, LuBrain, LuLayers, LuLock, LuPenLine, LuWrench } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { msg, useT } from '../../../lib/i18n';
import { SIGN_UP_FREE } from '../../accounts/signUpLinks';
import { useLocalizedPath } from '../../languages/useLocalizedPath';
import { CommunityShowcase } from '../../video/components/CommunityShowcase';
import { TRENDING_SHOWCASE } from '../../video/showcases';
import type { Feature } from '../components/FeatureCard';
import { MarketingPage } from '../components/MarketingPage';

const FEATURES: Feature[] = [
  {
    icon: LuBrain,
    title: msg('Adaptive Intelligence'),
    description: msg(
      'Chorus remembers what matters from earlier conversations and adapts its tone to you, so you never start from zero.',
    ),
  },
  {
    icon: LuWrench,
    title: msg('Integrated Tools'),
    description: msg(
      'Switch to Study, Rewrite, Business or Coach mode, ask for code, or turn a prompt into a short video without leaving the chat.',
    ),
  },
  {
    icon: LuPenLine,
    title: msg('Human-Quality Writing'),
    description: msg('Drafts that read naturally, match your voice and are ready to send, post or hand in.'),
  },
  {
    icon: LuLayers,
    title: msg('Multi-Chat Interface'),
    description: msg(
      'GPT, Claude, Grok, Gemini and more in one conversation: type @claude or @grok to hand the next message to another assistant.',
    ),
  },
  {
    icon: LuLock,
    title: msg('Private & Secure'),
    description: msg(
      'Your chats belong to your account alone, travel over encrypted connections and are never shown to other people.',
    ),
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
    title: msg('For students'),
    text: msg('Study Mode explains problems step by step and quizzes you until the idea sticks.'),
    points: [
      msg('Worked examples in maths and science'),
      msg('Feedback on essays that keeps them yours'),
      msg('Revision plans and flashcards'),
    ],
    to: '/ai-chatbot-for-schoolwork',
    linkLabel: msg('Explore Chorus for students'),
  },
  {
    id: 'for-writers',
    title: msg('Content rewriter'),
    text: msg(
      'Paste a draft and get it back clearer, shorter or in a different tone, with your meaning intact.',
    ),
    points: [
      msg('Change tone with one instruction'),
      msg('Shorten or expand on demand'),
      msg('Compare rewrites from several models'),
    ],
    to: '/ai-content-rewriter',
    linkLabel: msg('Explore the content rewriter'),
  },
  {
    id: 'for-growth',
    title: msg('Life coach'),
    text: msg('A patient listener that helps you set goals, build habits and think through decisions.'),
    points: [
      msg('Goals broken into small steps'),
      msg('Check-ins that remember your progress'),
      msg('Support with a tone that fits the moment'),
    ],
    to: '/ai-life-coach-chatbot',
    linkLabel: msg('Explore the life coach'),
  },
  {
    id: 'for-business',
    title: msg('For business'),
    text: msg(
      'Product copy, campaigns, captions and customer replies drafted in minutes, in your brand voice.',
    ),
    points: [
      msg('SEO pages and product descriptions'),
      msg('Email campaigns and social captions'),
      msg('Short videos for ads and stories'),
    ],
    to: '/ai-chatbot-for-business',
    linkLabel: msg('Explore Chorus for business'),
  },
];

function AudienceCard({ audience }: { audience: Audience }) {
  const t = useT();
  const localized = useLocalizedPath();
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
        {t(audience.title)}
      </Heading>
      <Text color="fg.muted">{t(audience.text)}</Text>
      <List.Root ps="5" gap="1" color="fg.muted">
        {audience.points.map((point) => (
          <List.Item key={point}>{t(point)}</List.Item>
        ))}
      </List.Root>
      <Flex mt="auto">
        {/* Wraps: some languages name these links at more than a phone's width. */}
        <Button
          asChild
          variant="outline"
          size="sm"
          whiteSpace="normal"
          h="auto"
          minH="8"
          py="1.5"
          maxW="full"
          flexShrink={1}
          textAlign="start"
        >
          <RouterLink to={localized(audience.to)}>
            {t(audience.linkLabel)} <LuArrowRight aria-hidden="true" />
          </RouterLink>
        </Button>
      </Flex>
    </Stack>
  );
}

export default function LandingPage() {
  const t = useT();
  const localized = useLocalizedPath();
  return (
    <MarketingPage
      content={{
        meta: '/',
        hero: {
          eyebrow: msg('GPT, Claude, Grok, Gemini and more, together'),
          title: msg('One chat. Every great AI.'),
          subtitle: msg(
            'Ask the assistant that suits the moment, switch with an @command mid-conversation, and turn your best ideas into short videos, all in Chorus.',
          ),
          links: [
            ['/chat', msg('Try Chat Now')],
            [SIGN_UP_FREE, msg('Start Free')],
            ['/features', msg('Explore Features')],
          ],
        },
        sections: [
          {
            id: 'why-chorus',
            title: msg('Why people choose Chorus'),
            intro: msg(
              'Every assistant has its strengths. Chorus puts them side by side so you always get the best answer.',
            ),
            features: FEATURES,
          },
          {
            id: 'made-for-you',
            title: msg('Made for the way you work'),
            intro: msg('Specialised modes tune Chorus for what you are doing right now.'),
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
            title: msg('Trending in the community'),
            intro: msg(
              'Short videos people made with Chorus and shared, most liked and watched this week. Hover or focus a card to preview it.',
            ),
            body: (
              <>
                {/* The landing page is drawn at build time (web/vite.config.ts PRERENDERED_ROUTES), the
                    same for everyone: its trending videos load in the browser. */}
                <CommunityShowcase filter={TRENDING_SHOWCASE} />
                <Flex mt="8">
                  <Button asChild variant="outline">
                    <RouterLink to={localized('/community-videos?sort=trending')}>
                      {t('See what else is trending')}
                    </RouterLink>
                  </Button>
                </Flex>
              </>
            ),
          },
        ],
        closing: {
          title: msg('Start your first conversation'),
          text: msg('Sign up free in under a minute. No card needed for the Free plan.'),
          buttonLabel: msg('Create your free account'),
        },
      }}
    />
  );
}
