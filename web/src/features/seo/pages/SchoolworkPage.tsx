import { LuBookOpen, LuBrain, LuCalculator, LuClipboardCheck, LuLanguages, LuPenLine } from 'react-icons/lu';
import { type UseCaseContent, UseCasePage } from '../components/UseCasePage';

const content: UseCaseContent = {
  path: '/ai-chatbot-for-schoolwork',
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
};

export default function SchoolworkPage() {
  return <UseCasePage content={content} />;
}
