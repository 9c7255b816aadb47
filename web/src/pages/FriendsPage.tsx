import { ComingSoonCard } from '../components/ComingSoonCard';
import { PageHeading } from '../components/PageHeading';
import { usePageMeta } from '../hooks/usePageMeta';

export default function FriendsPage() {
  usePageMeta({
    title: 'Friends',
    description: 'Find friends on Chorus, see who is online and manage requests.',
  });
  return (
    <>
      <PageHeading title="Friends" description="The people you chat and share videos with on Chorus." />
      <ComingSoonCard
        title="Friends"
        description="Add friends by username, accept or decline requests, and see at a glance who is online."
        highlights={[
          'All, Online and Requests tabs with counts',
          'Online status from the last 10 minutes of activity',
          'Add Friend by username',
        ]}
      />
    </>
  );
}
