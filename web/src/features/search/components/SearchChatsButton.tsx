import { IconButton } from '@chakra-ui/react';
import { LuSearch } from 'react-icons/lu';
import { searchShortcutLabel, useOpenChatSearch } from '../chatSearchContext';

/** The visible way into chat search (Ctrl+K is the other); nothing outside the signed-in pages. */
export function SearchChatsButton() {
  const open = useOpenChatSearch();
  if (!open) return null;
  return (
    <IconButton
      aria-label="Search chats"
      title={`Search chats (${searchShortcutLabel()})`}
      aria-keyshortcuts="Control+K Meta+K"
      variant="ghost"
      size="sm"
      onClick={open}
    >
      <LuSearch />
    </IconButton>
  );
}
