import {
  LuBookOpen,
  LuBrain,
  LuCalculator,
  LuCalendarCheck,
  LuClipboardCheck,
  LuCompass,
  LuFileText,
  LuGauge,
  LuHeart,
  LuLanguages,
  LuMail,
  LuMegaphone,
  LuMessageCircle,
  LuPenLine,
  LuPlug,
  LuRepeat,
  LuSearch,
  LuSpellCheck,
  LuSprout,
  LuTarget,
  LuUsers,
} from 'react-icons/lu';
import { msg } from '../../lib/i18n';
import type { Feature } from './components/FeatureCard';
import type { UseCasePath } from './useCasePaths';

export interface UseCaseContent {
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

/** The copy of the four use-case pages (spec §2), by path; pages/UseCasePage.tsx lays each out. */
export const USE_CASE_CONTENT: Record<UseCasePath, UseCaseContent> = {
  '/ai-chatbot-for-schoolwork': {
    mode: { id: 'study', label: 'Study' },
    eyebrow: msg('For Students'),
    title: msg('Understand it. Remember it. Ace it.'),
    subtitle: msg(
      'Chorus Study Mode explains ideas step by step, quizzes you on what you just learned and gives honest feedback on your drafts, so the understanding stays with you after the assignment is done.',
    ),
    heroButton: msg('Start studying free'),
    featuresTitle: msg('A study partner that teaches, not just answers'),
    features: [
      {
        icon: LuBrain,
        title: msg('Step-by-step explanations'),
        description: msg(
          'Ask @study to walk through a problem one step at a time and check your reasoning along the way.',
        ),
      },
      {
        icon: LuCalculator,
        title: msg('Maths and science'),
        description: msg(
          'Work through equations, proofs and lab write-ups with worked examples you can follow.',
        ),
      },
      {
        icon: LuPenLine,
        title: msg('Essay feedback'),
        description: msg('Get comments on structure, argument and clarity while the writing stays yours.'),
      },
      {
        icon: LuClipboardCheck,
        title: msg('Practice questions'),
        description: msg('Turn your notes into quizzes and flashcards, then review the ones you missed.'),
      },
      {
        icon: LuLanguages,
        title: msg('Language practice'),
        description: msg('Converse in the language you are learning and get gentle corrections as you go.'),
      },
      {
        icon: LuBookOpen,
        title: msg('Compare explanations'),
        description: msg(
          'Ask the same question to GPT, Claude or Gemini with an @command and keep the clearest answer.',
        ),
      },
    ],
    activitiesTitle: msg('What you can do with Chorus'),
    activities: [
      {
        title: msg('Prepare for exams'),
        text: msg('Build a revision plan for the weeks before an exam and stick to it.'),
      },
      {
        title: msg('Summarise readings'),
        text: msg('Paste a chapter and get the key arguments, terms and open questions.'),
      },
      {
        title: msg('Check your understanding'),
        text: msg('Explain a topic in your own words and find out what you missed.'),
      },
      {
        title: msg('Plan projects'),
        text: msg('Break a big assignment into steps with deadlines you can actually meet.'),
      },
    ],
    closingTitle: msg('Your next study session starts here'),
    closingText: msg('Create a free account and try Study Mode on tonight’s homework.'),
    closingButton: msg('Start Free'),
  },
  '/ai-content-rewriter': {
    mode: { id: 'rewrite', label: 'Rewrite' },
    eyebrow: msg('Content Rewriter'),
    title: msg('Say it better, in your own voice.'),
    subtitle: msg(
      'Paste any draft and Chorus rewrites it to be clearer, shorter or warmer, keeping your meaning and your style. Compare versions from different assistants and keep the one that sounds like you.',
    ),
    heroButton: msg('Rewrite something free'),
    featuresTitle: msg('Rewriting that respects what you meant'),
    features: [
      {
        icon: LuRepeat,
        title: msg('Natural rewrites'),
        description: msg(
          'Rephrase sentences so they read smoothly without drifting from your original point.',
        ),
      },
      {
        icon: LuMegaphone,
        title: msg('Tone control'),
        description: msg(
          'Make a message more formal, more friendly or more persuasive with one instruction.',
        ),
      },
      {
        icon: LuGauge,
        title: msg('Length on demand'),
        description: msg(
          'Shorten a long email to three lines or expand bullet points into a full paragraph.',
        ),
      },
      {
        icon: LuSpellCheck,
        title: msg('Grammar and clarity'),
        description: msg(
          'Fix grammar, awkward phrasing and jargon while keeping the words you chose on purpose.',
        ),
      },
      {
        icon: LuLanguages,
        title: msg('Rewrite across languages'),
        description: msg('Adapt text for another language or region instead of translating word by word.'),
      },
      {
        icon: LuFileText,
        title: msg('Any format'),
        description: msg('Blog posts, cover letters, product descriptions, social posts and reports.'),
      },
    ],
    activitiesTitle: msg('What you can do with Chorus'),
    activities: [
      {
        title: msg('Polish an email'),
        text: msg('Turn a rushed reply into something clear and courteous before you hit send.'),
      },
      {
        title: msg('Refresh old content'),
        text: msg('Update last year’s article for today’s readers without starting over.'),
      },
      {
        title: msg('Simplify technical text'),
        text: msg('Explain a complex document to people outside your field.'),
      },
      {
        title: msg('Match a brand voice'),
        text: msg('Give Chorus a sample of your style and rewrite new drafts to match it.'),
      },
    ],
    closingTitle: msg('Better words are one message away'),
    closingText: msg('Create a free account and paste your first draft.'),
    closingButton: msg('Start Free'),
  },
  '/ai-life-coach-chatbot': {
    mode: { id: 'coach', label: 'Coach' },
    eyebrow: msg('Life Coach'),
    title: msg('A coach in your pocket, whenever you need one.'),
    subtitle: msg(
      'Talk through what matters to you with an assistant that listens, asks good questions and helps you turn intentions into small, doable steps. Chorus is not a substitute for professional care.',
    ),
    heroButton: msg('Start coaching free'),
    featuresTitle: msg('Support that fits your life'),
    features: [
      {
        icon: LuTarget,
        title: msg('Goal setting'),
        description: msg(
          'Shape vague wishes into clear goals with milestones you can see yourself reaching.',
        ),
      },
      {
        icon: LuCalendarCheck,
        title: msg('Habit building'),
        description: msg(
          'Plan routines that fit your week and reflect on what helped and what got in the way.',
        ),
      },
      {
        icon: LuCompass,
        title: msg('Decision making'),
        description: msg(
          'Lay out your options, weigh what you value and notice what you are really leaning towards.',
        ),
      },
      {
        icon: LuHeart,
        title: msg('Tone that adapts'),
        description: msg(
          'Chorus picks up on how you are feeling and answers with warmth or focus as you need.',
        ),
      },
      {
        icon: LuSprout,
        title: msg('Progress over time'),
        description: msg(
          'Long-term memory keeps track of your goals so each conversation picks up where you left off.',
        ),
      },
      {
        icon: LuMessageCircle,
        title: msg('Always available'),
        description: msg(
          'Late-night worries or a Monday-morning plan: start a conversation whenever it suits you.',
        ),
      },
    ],
    activitiesTitle: msg('What you can do with Chorus'),
    activities: [
      {
        title: msg('Plan a career move'),
        text: msg('Map your strengths, explore options and prepare for the next conversation.'),
      },
      {
        title: msg('Reflect on your week'),
        text: msg('Look back at what went well and choose one thing to change.'),
      },
      {
        title: msg('Prepare a hard talk'),
        text: msg('Rehearse a difficult conversation and find calm, clear words.'),
      },
      {
        title: msg('Stay motivated'),
        text: msg('Check in on your goals and celebrate the small wins along the way.'),
      },
    ],
    closingTitle: msg('Take the first small step today'),
    closingText: msg('Create a free account and tell Chorus what you would like to change.'),
    closingButton: msg('Start Free'),
  },
  '/ai-chatbot-for-business': {
    mode: { id: 'business', label: 'Business' },
    eyebrow: msg('For Business'),
    title: msg('Automate Content. Engage Audiences. Scale Faster.'),
    subtitle: msg(
      'Chorus gives your team the best AI models in one workspace, so product pages, campaigns and customer replies go out faster and still sound like your brand.',
    ),
    heroButton: msg('Start Free Trial'),
    featuresTitle: msg('Everything your content pipeline needs'),
    features: [
      {
        icon: LuSearch,
        title: msg('SEO copy'),
        description: msg(
          'Draft landing pages, product descriptions and articles around the keywords your customers search.',
        ),
      },
      {
        icon: LuMegaphone,
        title: msg('Social captions'),
        description: msg(
          'Produce on-brand captions and post ideas for every channel, in the length each one expects.',
        ),
      },
      {
        icon: LuMail,
        title: msg('Email campaigns'),
        description: msg(
          'Write subject lines, sequences and newsletters, then rewrite them for each audience segment.',
        ),
      },
      {
        icon: LuUsers,
        title: msg('Lead automation'),
        description: msg(
          'Prepare follow-ups and replies to common enquiries so no lead waits for an answer.',
        ),
      },
      {
        icon: LuPlug,
        title: msg('Integrations'),
        description: msg(
          'Outgoing webhooks (Settings → Webhooks) send your events to Zapier, Make or n8n, and through them to WordPress or Shopify; personal API tokens (Settings → API tokens) open the REST and GraphQL API.',
        ),
      },
    ],
    activitiesTitle: msg('What you can do'),
    activities: [
      {
        title: msg('Launch a product'),
        text: msg('Go from spec sheet to product page, announcement and launch emails in one afternoon.'),
      },
      {
        title: msg('Keep social channels active'),
        text: msg('Plan a month of posts with captions and short videos to match.'),
      },
      {
        title: msg('Answer customers faster'),
        text: msg('Draft clear, friendly replies to support questions for your team to review.'),
      },
      {
        title: msg('Create short videos'),
        text: msg('Turn a prompt into a short clip for ads, stories and product demos.'),
      },
    ],
    closingTitle: msg('Automate with Chorus'),
    closingText: msg('Create your account and put the leading AI models to work for your business.'),
    closingButton: msg('Start Free Trial'),
  },
};
