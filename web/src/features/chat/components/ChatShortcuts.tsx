import { Box, Kbd, Table, Text } from '@chakra-ui/react';
import { useEffect, useEffectEvent, useState } from 'react';
import { AppDialog, DialogDismiss } from '../../../components/AppDialog';
import { msg, useT } from '../../../lib/i18n';

export const CHAT_SHORTCUTS: { keys: string[]; what: string }[] = [
  { keys: ['Enter'], what: msg('Send the message') },
  { keys: ['Shift', 'Enter'], what: msg('New line in the message') },
  { keys: ['Esc'], what: msg('Stop the answer being written') },
  {
    keys: ['↑'],
    what: msg('In an empty message box: edit your last message (Enter resends it as a new version)'),
  },
  { keys: ['?'], what: msg('Show these shortcuts') },
];

/** Typing into this element: "?" is a character there, not a shortcut. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/**
 * The chat screen's keyboard: "?" (outside text fields) lists the shortcuts, Esc stops an answer
 * being written (unless something else, a dialog or a menu, took the Escape first).
 */
export function ChatShortcuts({ streaming, onStop }: { streaming: boolean; onStop: () => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing) return;
    if (event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey && !typingIn(event.target)) {
      event.preventDefault();
      setOpen(true);
    } else if (event.key === 'Escape' && streaming && !open) {
      onStop();
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  if (!open) return null;
  return (
    <AppDialog
      onClose={() => setOpen(false)}
      title={t('Keyboard shortcuts')}
      footer={<DialogDismiss>{t('Close')}</DialogDismiss>}
    >
      <Box overflowX="auto">
        <Table.Root size="sm">
          <Table.Body>
            {CHAT_SHORTCUTS.map((shortcut) => (
              <Table.Row key={shortcut.what}>
                <Table.Cell whiteSpace="nowrap">
                  {shortcut.keys.map((key, i) => (
                    <Text as="span" key={key}>
                      {i > 0 ? ' + ' : null}
                      <Kbd>{key}</Kbd>
                    </Text>
                  ))}
                </Table.Cell>
                <Table.Cell>{t(shortcut.what)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </AppDialog>
  );
}
