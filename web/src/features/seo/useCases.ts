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
    eyebrow: 'For Students',
    title: 'Understand it. Remember it. Ace it.',
    subtitle:
      'Chorus Study Mode explains ideas step by step, quizzes you on what you just learned and gives honest feedback on your drafts, so the understanding stays with you after the assignment is done.',
    heroButton: 'Start studying free',
    featuresTitle: 'A study partner that teaches, not just answers',
    features: [
      {
        icon: LuBrain,
        title: 'Step-by-step explanations',
        description:
          'Ask @study to walk through a problem one step at a time and check your reasoning along the way.',
      },
      {
        icon: LuCalculator,
        title: 'Maths and science',
        description: 'Work through equations, proofs and lab write-ups with worked examples you can follow.',
      },
      {
        icon: LuPenLine,
        title: 'Essay feedback',
        description: 'Get comments on structure, argument and clarity while the writing stays yours.',
      },
      {
        icon: LuClipboardCheck,
        title: 'Practice questions',
        description: 'Turn your notes into quizzes and flashcards, then review the ones you missed.',
      },
      {
        icon: LuLanguages,
        title: 'Language practice',
        description: 'Converse in the language you are learning and get gentle corrections as you go.',
      },
      {
        icon: LuBookOpen,
        title: 'Compare explanations',
        description:
          'Ask the same question to GPT, Claude or Gemini with an @command and keep the clearest answer.',
      },
    ],
    activitiesTitle: 'What you can do with Chorus',
    activities: [
      {
        title: 'Prepare for exams',
        text: 'Build a revision plan for the weeks before an exam and stick to it.',
      },
      {
        title: 'Summarise readings',
        text: 'Paste a chapter and get the key arguments, terms and open questions.',
      },
      {
        title: 'Check your understanding',
        text: 'Explain a topic in your own words and find out what you missed.',
      },
      {
        title: 'Plan projects',
        text: 'Break a big assignment into steps with deadlines you can actually meet.',
      },
    ],
    closingTitle: 'Your next study session starts here',
    closingText: 'Create a free account and try Study Mode on tonight’s homework.',
    closingButton: 'Start Free',
  },
  '/ai-content-rewriter': {
    mode: { id: 'rewrite', label: 'Rewrite' },
    eyebrow: 'Content Rewriter',
    title: 'Say it better, in your own voice.',
    subtitle:
      'Paste any draft and Chorus rewrites it to be clearer, shorter or warmer, keeping your meaning and your style. Compare versions from different assistants and keep the one that sounds like you.',
    heroButton: 'Rewrite something free',
    featuresTitle: 'Rewriting that respects what you meant',
    features: [
      {
        icon: LuRepeat,
        title: 'Natural rewrites',
        description: 'Rephrase sentences so they read smoothly without drifting from your original point.',
      },
      {
        icon: LuMegaphone,
        title: 'Tone control',
        description: 'Make a message more formal, more friendly or more persuasive with one instruction.',
      },
      {
        icon: LuGauge,
        title: 'Length on demand',
        description: 'Shorten a long email to three lines or expand bullet points into a full paragraph.',
      },
      {
        icon: LuSpellCheck,
        title: 'Grammar and clarity',
        description: 'Fix grammar, awkward phrasing and jargon while keeping the words you chose on purpose.',
      },
      {
        icon: LuLanguages,
        title: 'Rewrite across languages',
        description: 'Adapt text for another language or region instead of translating word by word.',
      },
      {
        icon: LuFileText,
        title: 'Any format',
        description: 'Blog posts, cover letters, product descriptions, social posts and reports.',
      },
    ],
    activitiesTitle: 'What you can do with Chorus',
    activities: [
      {
        title: 'Polish an email',
        text: 'Turn a rushed reply into something clear and courteous before you hit send.',
      },
      {
        title: 'Refresh old content',
        text: 'Update last year’s article for today’s readers without starting over.',
      },
      { title: 'Simplify technical text', text: 'Explain a complex document to people outside your field.' },
      {
        title: 'Match a brand voice',
        text: 'Give Chorus a sample of your style and rewrite new drafts to match it.',
      },
    ],
    closingTitle: 'Better words are one message away',
    closingText: 'Create a free account and paste your first draft.',
    closingButton: 'Start Free',
  },
  '/ai-life-coach-chatbot': {
    mode: { id: 'coach', label: 'Coach' },
    eyebrow: 'Life Coach',
    title: 'A coach in your pocket, whenever you need one.',
    subtitle:
      'Talk through what matters to you with an assistant that listens, asks good questions and helps you turn intentions into small, doable steps. Chorus is not a substitute for professional care.',
    heroButton: 'Start coaching free',
    featuresTitle: 'Support that fits your life',
    features: [
      {
        icon: LuTarget,
        title: 'Goal setting',
        description: 'Shape vague wishes into clear goals with milestones you can see yourself reaching.',
      },
      {
        icon: LuCalendarCheck,
        title: 'Habit building',
        description: 'Plan routines that fit your week and reflect on what helped and what got in the way.',
      },
      {
        icon: LuCompass,
        title: 'Decision making',
        description:
          'Lay out your options, weigh what you value and notice what you are really leaning towards.',
      },
      {
        icon: LuHeart,
        title: 'Tone that adapts',
        description: 'Chorus picks up on how you are feeling and answers with warmth or focus as you need.',
      },
      {
        icon: LuSprout,
        title: 'Progress over time',
        description:
          'Long-term memory keeps track of your goals so each conversation picks up where you left off.',
      },
      {
        icon: LuMessageCircle,
        title: 'Always available',
        description:
          'Late-night worries or a Monday-morning plan: start a conversation whenever it suits you.',
      },
    ],
    activitiesTitle: 'What you can do with Chorus',
    activities: [
      {
        title: 'Plan a career move',
        text: 'Map your strengths, explore options and prepare for the next conversation.',
      },
      { title: 'Reflect on your week', text: 'Look back at what went well and choose one thing to change.' },
      { title: 'Prepare a hard talk', text: 'Rehearse a difficult conversation and find calm, clear words.' },
      { title: 'Stay motivated', text: 'Check in on your goals and celebrate the small wins along the way.' },
    ],
    closingTitle: 'Take the first small step today',
    closingText: 'Create a free account and tell Chorus what you would like to change.',
    closingButton: 'Start Free',
  },
  '/ai-chatbot-for-business': {
    mode: { id: 'business', label: 'Business' },
    eyebrow: 'For Business',
    title: 'Automate Content. Engage Audiences. Scale Faster.',
    subtitle:
      'Chorus gives your team the best AI models in one workspace, so product pages, campaigns and customer replies go out faster and still sound like your brand.',
    heroButton: 'Start Free Trial',
    featuresTitle: 'Everything your content pipeline needs',
    features: [
      {
        icon: LuSearch,
        title: 'SEO copy',
        description:
          'Draft landing pages, product descriptions and articles around the keywords your customers search.',
      },
      {
        icon: LuMegaphone,
        title: 'Social captions',
        description:
          'Produce on-brand captions and post ideas for every channel, in the length each one expects.',
      },
      {
        icon: LuMail,
        title: 'Email campaigns',
        description:
          'Write subject lines, sequences and newsletters, then rewrite them for each audience segment.',
      },
      {
        icon: LuUsers,
        title: 'Lead automation',
        description: 'Prepare follow-ups and replies to common enquiries so no lead waits for an answer.',
      },
      {
        icon: LuPlug,
        title: 'Integrations',
        description:
          'Outgoing webhooks (Settings → Webhooks) send your events to Zapier, Make or n8n, and through them to WordPress or Shopify; personal API tokens (Settings → API tokens) open the REST and GraphQL API.',
      },
    ],
    activitiesTitle: 'What you can do',
    activities: [
      {
        title: 'Launch a product',
        text: 'Go from spec sheet to product page, announcement and launch emails in one afternoon.',
      },
      {
        title: 'Keep social channels active',
        text: 'Plan a month of posts with captions and short videos to match.',
      },
      {
        title: 'Answer customers faster',
        text: 'Draft clear, friendly replies to support questions for your team to review.',
      },
      {
        title: 'Create short videos',
        text: 'Turn a prompt into a short clip for ads, stories and product demos.',
      },
    ],
    closingTitle: 'Automate with Chorus',
    closingText: 'Create your account and put the leading AI models to work for your business.',
    closingButton: 'Start Free Trial',
  },
};
