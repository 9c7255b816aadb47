import { ComingSoonCard } from '../components/ComingSoonCard';
import { PageHeading } from '../components/PageHeading';
import { usePageMeta } from '../hooks/usePageMeta';

export default function InvitationsPage() {
  usePageMeta({
    title: 'Invite Friends',
    description: 'Invite friends to Chorus by email, text message or link.',
  });
  return (
    <>
      <PageHeading
        title="Invite Friends"
        description="Bring your friends to Chorus and earn referral rewards."
      />
      <ComingSoonCard
        title="Invitations"
        description="Send invitations by email or text message, or share a personal invite link, then follow who has joined."
        highlights={[
          'Email, SMS and Share Link tabs',
          'A list of the invitations you have sent and their status',
          'Rewards: First Referral (1 friend joins) and Referral Champion (3 friends join)',
        ]}
      />
    </>
  );
}
