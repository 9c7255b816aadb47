import { Flex } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { ChatComingSoon } from '../components/chat/ChatComingSoon';
import { ChatHeader } from '../components/chat/ChatHeader';
import { ChatSidebar } from '../components/chat/ChatSidebar';
import { SkipLink } from '../components/SkipLink';
import { useIsNarrowScreen } from '../hooks/useIsNarrowScreen';
import { usePageMeta } from '../hooks/usePageMeta';

const SIDEBAR_ID = 'chat-sidebar';

export default function ChatPage() {
  usePageMeta({
    title: 'AI Chat',
    description: 'Chat with GPT, Claude, Grok, Gemini and more in one conversation.',
  });
  const narrow = useIsNarrowScreen();
  // Open beside the chat on wide screens; on phones it is an overlay you summon.
  const [sidebarOpen, setSidebarOpen] = useState(!narrow);

  useEffect(() => {
    setSidebarOpen(!narrow);
  }, [narrow]);

  return (
    <Flex direction="column" height="100dvh">
      <SkipLink />
      <ChatHeader
        sidebarOpen={sidebarOpen}
        sidebarId={SIDEBAR_ID}
        onToggleSidebar={() => setSidebarOpen((open) => !open)}
      />
      <Flex flex="1" minH="0">
        <ChatSidebar id={SIDEBAR_ID} open={sidebarOpen} overlay={narrow} onOpenChange={setSidebarOpen} />
        <ChatComingSoon />
      </Flex>
    </Flex>
  );
}
