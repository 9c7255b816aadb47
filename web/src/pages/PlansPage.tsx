import { ComingSoonCard } from '../components/ComingSoonCard';
import { PageHeading } from '../components/PageHeading';
import { usePageMeta } from '../hooks/usePageMeta';

export default function PlansPage() {
  usePageMeta({ title: 'My Plan', description: 'See your Chorus plan and compare Free, Premium and Max.' });
  return (
    <>
      <PageHeading
        title="My Plan"
        description="Your current plan, what it includes, and the options to upgrade."
      />
      <ComingSoonCard
        title="Plans and billing"
        description="This page will show your current plan and let you upgrade with secure card checkout, switch between monthly and yearly billing, and manage your subscription."
        highlights={[
          'Free: $0, 10 prompts per month with all 4 models',
          'Premium: $12.99 per month or $110 per year, unlimited prompts, image analysis and priority responses',
          'Max: $119 per month or $1,100 per year, unlimited video and image generation and dedicated support',
        ]}
      />
    </>
  );
}
