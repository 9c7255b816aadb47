import { LuCalendarCheck, LuCompass, LuHeart, LuMessageCircle, LuSprout, LuTarget } from 'react-icons/lu';
import { type UseCaseContent, UseCasePage } from '../components/UseCasePage';

const content: UseCaseContent = {
  path: '/ai-life-coach-chatbot',
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
      description: 'Late-night worries or a Monday-morning plan: start a conversation whenever it suits you.',
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
};

export default function LifeCoachPage() {
  return <UseCasePage content={content} />;
}
