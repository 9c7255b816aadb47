import { Button, Menu, Portal } from '@chakra-ui/react';
import { LuDownload } from 'react-icons/lu';
import { msg, useT } from '../../../lib/i18n';

const FORMATS = [
  { format: 'json', label: msg('JSON (everything, can be imported)') },
  { format: 'md', label: msg('Markdown (to read)') },
] as const;

/** "Export" on an open chat: plain download links, the server names the file. */
export function ExportChatMenu({ chatId }: { chatId: string }) {
  const t = useT();
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button size="xs" variant="outline" flexShrink={0} aria-label={t('Export this chat')}>
          <LuDownload aria-hidden="true" />
          <span>{t('Export')}</span>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="60">
            {FORMATS.map(({ format, label }) => (
              <Menu.Item key={format} value={format} asChild>
                <a href={`/api/chats/${encodeURIComponent(chatId)}/export?format=${format}`} download>
                  {t(label)}
                </a>
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
