import { LuFileText, LuGauge, LuLanguages, LuMegaphone, LuRepeat, LuSpellCheck } from 'react-icons/lu';
import { type UseCaseContent, UseCasePage } from '../components/UseCasePage';

const content: UseCaseContent = {
  path: '/ai-content-rewriter',
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
};

export default function RewriterPage() {
  return <UseCasePage content={content} />;
}
