import { IconButton } from '@chakra-ui/react';
import { LuSearch } from 'react-icons/lu';
import { useT } from '../../../lib/i18n';
import { searchShortcutLabel, useOpenChatSearch } from '../chatSearchContext';

/** The visible way into chat search (Ctrl+K is the other); nothing outside the signed-in pages. */
export function SearchChatsButton() {
  const t = useT();
  const open = useOpenChatSearch();
  if (!open) return null;
  return (
    <IconButton
      aria-label={t('Search chats')}
      title={t('Search chats ({shortcut})', { shortcut: searchShortcutLabel() })}
      aria-keyshortcuts="Control+K Meta+K"
      variant="ghost"
      size="sm"
      onClick={open}
    >
      <LuSearch />
    </IconButton>
  );
}
