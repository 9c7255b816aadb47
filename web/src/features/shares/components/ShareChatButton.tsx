import { Button } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { LuShare2 } from 'react-icons/lu';
import { useT } from '../../../lib/i18n';

// The dialog (its queries, form parts and copy buttons) downloads when Share is pointed at, focused or
// pressed, not with /chat; once loaded it stays mounted, so closing it animates and keeps its state.
const loadDialog = () => import('./ShareChatDialog');
const ShareChatDialog = lazy(loadDialog);
const preload = () => {
  loadDialog().catch(() => {});
};

/** "Share" in the chat's top bar: opens ShareChatDialog for the open chat. */
export function ShareChatButton({ chatId }: { chatId: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="outline"
        flexShrink={0}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <LuShare2 aria-hidden="true" /> {t('Share')}
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <ShareChatDialog chatId={chatId} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
