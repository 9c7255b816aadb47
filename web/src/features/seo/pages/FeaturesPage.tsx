import { Button } from '@chakra-ui/react';
import { LuBrain, LuHeartHandshake, LuImage, LuNetwork, LuPuzzle, LuShieldCheck } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { SIGN_UP_FREE } from '../../accounts/signUpLinks';
import type { Feature } from '../components/FeatureCard';
import { MarketingPage } from '../components/MarketingPage';
import { UseCaseLinks } from '../components/UseCaseLinks';

const CORE_FEATURES: Feature[] = [
  {
    icon: LuNetwork,
    title: 'Multi-model orchestration',
    description:
      'GPT, Claude, Grok, Gemini, Perplexity and specialist assistants in one chat. Start a message with @claude, @grok or @gemini to choose who answers.',
  },
  {
    icon: LuBrain,
    title: 'Long-term memory',
    description:
      'Chorus keeps the context that matters across sessions, so you do not repeat yourself every time.',
  },
  {
    icon: LuHeartHandshake,
    title: 'Emotional intelligence',
    description: 'Answers adapt to your tone: concise when you are in a hurry, gentle when a topic is hard.',
  },
  {
    icon: LuImage,
    title: 'Multi-modal input',
    description:
      'Ask about images, turn text prompts into short videos, dictate messages and have answers read aloud.',
  },
  {
    icon: LuPuzzle,
    title: 'Plugin ecosystem',
    description:
      'Assistants of your own (Assistants page) with instructions, knowledge files and tools from MCP servers (Settings → Tools), each call approved by you; outgoing webhooks (Settings → Webhooks) for Zapier, Make and n8n, which connect WordPress, Shopify and more; personal API tokens for the REST and GraphQL API (Settings → API tokens); saved prompts.',
  },
  {
    icon: LuShieldCheck,
    title: 'Privacy and security',
    description:
      'Your conversations are private to your account, sent over encrypted connections, and never sold.',
  },
];

export default function FeaturesPage() {
  return (
    <MarketingPage
      content={{
        meta: '/features',
        hero: {
          eyebrow: 'Features',
          title: 'Everything the best AI assistants can do, in one place',
          subtitle:
            'Chorus brings leading models together and adds memory, modes and video so each conversation gets the right expert.',
          links: [
            [SIGN_UP_FREE, 'Get Started Free'],
            ['/pricing', 'View Pricing'],
          ],
        },
        sections: [
          { id: 'core-features', title: 'Core features', features: CORE_FEATURES },
          {
            id: 'specialised-modes',
            title: 'Specialised modes',
            intro: 'Study, Rewrite, Coach and Business modes tune Chorus for the job in front of you.',
            muted: true,
            body: <UseCaseLinks />,
          },
        ],
        closing: {
          title: 'Try every feature free',
          text: 'Create an account in under a minute, or compare plans to find the right fit.',
          buttonLabel: 'Get Started Free',
          more: (
            <Button
              asChild
              size="lg"
              variant="outline"
              color="inherit"
              borderColor="currentColor"
              _hover={{ bg: 'whiteAlpha.200' }}
            >
              <RouterLink to="/pricing">View Pricing</RouterLink>
            </Button>
          ),
        },
      }}
    />
  );
}
