import { LuMail, LuMegaphone, LuPlug, LuSearch, LuUsers } from 'react-icons/lu';
import { type UseCaseContent, UseCasePage } from '../components/UseCasePage';

const content: UseCaseContent = {
  path: '/ai-chatbot-for-business',
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
      description: 'Connections to WordPress, Shopify, Zapier and a custom API are on the Chorus roadmap.',
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
};

export default function BusinessPage() {
  return <UseCasePage content={content} />;
}
