import { Button } from '@chakra-ui/react';
import { LuBrain, LuHeartHandshake, LuImage, LuNetwork, LuPuzzle, LuShieldCheck } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { msg, useT } from '../../../lib/i18n';
import { SIGN_UP_FREE } from '../../accounts/signUpLinks';
import { useLocalizedPath } from '../../languages/useLocalizedPath';
import type { Feature } from '../components/FeatureCard';
import { MarketingPage } from '../components/MarketingPage';
import { UseCaseLinks } from '../components/UseCaseLinks';

const CORE_FEATURES: Feature[] = [
  {
    icon: LuNetwork,
    title: msg('Multi-model orchestration'),
    description: msg(
      'GPT, Claude, Grok, Gemini, Perplexity and specialist assistants in one chat. Start a message with @claude, @grok or @gemini to choose who answers.',
    ),
  },
  {
    icon: LuBrain,
    title: msg('Long-term memory'),
    description: msg(
      'Chorus keeps the context that matters across sessions, so you do not repeat yourself every time.',
    ),
  },
  {
    icon: LuHeartHandshake,
    title: msg('Emotional intelligence'),
    description: msg(
      'Answers adapt to your tone: concise when you are in a hurry, gentle when a topic is hard.',
    ),
  },
  {
    icon: LuImage,
    title: msg('Multi-modal input'),
    description: msg(
      'Ask about images, turn text prompts into short videos, dictate messages and have answers read aloud.',
    ),
  },
  {
    icon: LuPuzzle,
    title: msg('Plugin ecosystem'),
    description: msg(
      'Assistants of your own (Assistants page) with instructions, knowledge files and tools from MCP servers (Settings → Tools), each call approved by you; outgoing webhooks (Settings → Webhooks) for Zapier, Make and n8n, which connect WordPress, Shopify and more; personal API tokens for the REST and GraphQL API (Settings → API tokens); saved prompts.',
    ),
  },
  {
    icon: LuShieldCheck,
    title: msg('Privacy and security'),
    description: msg(
      'Your conversations are private to your account, sent over encrypted connections, and never sold.',
    ),
  },
];

export default function FeaturesPage() {
  const t = useT();
  const localized = useLocalizedPath();
  return (
    <MarketingPage
      content={{
        meta: '/features',
        hero: {
          eyebrow: msg('Features'),
          title: msg('Everything the best AI assistants can do, in one place'),
          subtitle: msg(
            'Chorus brings leading models together and adds memory, modes and video so each conversation gets the right expert.',
          ),
          links: [
            [SIGN_UP_FREE, msg('Get Started Free')],
            ['/pricing', msg('View Pricing')],
          ],
        },
        sections: [
          { id: 'core-features', title: msg('Core features'), features: CORE_FEATURES },
          {
            id: 'specialised-modes',
            title: msg('Specialised modes'),
            intro: msg('Study, Rewrite, Coach and Business modes tune Chorus for the job in front of you.'),
            muted: true,
            body: <UseCaseLinks />,
          },
        ],
        closing: {
          title: msg('Try every feature free'),
          text: msg('Create an account in under a minute, or compare plans to find the right fit.'),
          buttonLabel: msg('Get Started Free'),
          more: (
            <Button
              asChild
              size="lg"
              variant="outline"
              color="inherit"
              borderColor="currentColor"
              _hover={{ bg: 'whiteAlpha.200' }}
            >
              <RouterLink to={localized('/pricing')}>{t('View Pricing')}</RouterLink>
            </Button>
          ),
        },
      }}
    />
  );
}
