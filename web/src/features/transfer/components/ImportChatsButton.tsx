import { Button } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { LuUpload } from 'react-icons/lu';
import { useT } from '../../../lib/i18n';

// The dialog (its form, progress and notices) downloads when the button is pointed at, focused or
// clicked, not with /chat.
const loadDialog = () => import('./ImportChatsDialog');
const ImportChatsDialog = lazy(loadDialog);
const preload = () => {
  loadDialog().catch(() => {});
};

/**
 * "Import chats" in the chat sidebar: opens the dialog. `onImported` refreshes the chat list once
 * chats have arrived; the chat page passes it, so this feature needs nothing from the chat's code.
 */
export function ImportChatsButton({ onImported }: { onImported: () => Promise<unknown> }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        width="full"
        size="sm"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        <LuUpload aria-hidden="true" /> {t('Import chats')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ImportChatsDialog onClose={() => setOpen(false)} onImported={onImported} />
        </Suspense>
      ) : null}
    </>
  );
}
