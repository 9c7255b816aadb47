import { Button, IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { LuEllipsisVertical, LuFlag, LuShieldBan, LuShieldCheck } from 'react-icons/lu';
import { AppDialog } from '../../components/AppDialog';
import { useT } from '../../lib/i18n';
import { setBlocked } from './blocking';

const ReportDialog = lazy(() => import('./ReportDialog'));

interface PersonSafetyMenuProps {
  username: string;
  /** Whether the viewer has blocked them (the menu then offers Unblock). */
  blocked: boolean;
  /** After a block or an unblock worked: the page reloads what the block changes. */
  onBlockedChange: (blocked: boolean) => void;
  size?: 'xs' | 'sm';
}

/**
 * "More" beside a person (a friend, a request, a conversation's header): report their profile, block
 * or unblock them. Blocking asks first, saying what it does (moderation/core/blocks.ts).
 */
export function PersonSafetyMenu({ username, blocked, onBlockedChange, size = 'sm' }: PersonSafetyMenuProps) {
  const t = useT();
  const [dialog, setDialog] = useState<'report' | 'block' | null>(null);
  const [busy, setBusy] = useState(false);
  const change = async (next: boolean) => {
    setBusy(true);
    const done = await setBlocked(username, next);
    setBusy(false);
    if (!done) return;
    setDialog(null);
    onBlockedChange(next);
  };
  return (
    <>
      <Menu.Root positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger asChild>
          <IconButton variant="ghost" size={size} aria-label={t('More for @{username}', { username })}>
            <LuEllipsisVertical />
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="48">
              <Menu.Item value="report" onSelect={() => setDialog('report')}>
                <LuFlag aria-hidden="true" /> {t('Report @{username}', { username })}
              </Menu.Item>
              {blocked ? (
                <Menu.Item value="unblock" onSelect={() => void change(false)}>
                  <LuShieldCheck aria-hidden="true" /> {t('Unblock @{username}', { username })}
                </Menu.Item>
              ) : (
                <Menu.Item value="block" color="fg.error" onSelect={() => setDialog('block')}>
                  <LuShieldBan aria-hidden="true" /> {t('Block @{username}', { username })}
                </Menu.Item>
              )}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {dialog === 'report' ? (
        <Suspense fallback={null}>
          <ReportDialog
            targetType="user"
            targetId={username}
            dialogTitle={t('Report @{username}', { username })}
            ownerUsername={blocked ? null : username}
            onClose={() => setDialog(null)}
            onBlocked={() => onBlockedChange(true)}
          />
        </Suspense>
      ) : null}
      {dialog === 'block' ? (
        <AppDialog
          title={t('Block @{username}?', { username })}
          role="alertdialog"
          closeButton={false}
          onClose={() => setDialog(null)}
          footer={
            <>
              <Button variant="outline" onClick={() => setDialog(null)}>
                {t('Cancel')}
              </Button>
              <Button colorPalette="red" loading={busy} onClick={() => void change(true)}>
                {t('Block')}
              </Button>
            </>
          }
        >
          <Text>
            {t(
              "They won't be able to message you or send you friend requests, you'll stop being friends, and you won't see their videos and messages.",
            )}
          </Text>
        </AppDialog>
      ) : null}
    </>
  );
}
