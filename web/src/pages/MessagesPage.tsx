import { ComingSoonCard } from '../components/ComingSoonCard';
import { PageHeading } from '../components/PageHeading';
import { usePageMeta } from '../hooks/usePageMeta';

export default function MessagesPage() {
  usePageMeta({ title: 'Messages', description: 'Direct messages with your friends on Chorus.' });
  return (
    <>
      <PageHeading title="Messages" description="Private conversations with your friends." />
      <ComingSoonCard
        title="Direct messages"
        description="Chat one to one with your friends, with new messages arriving the moment they are sent."
        highlights={['A searchable list of conversations with unread counts', 'A message pane; Enter sends']}
      />
    </>
  );
}
