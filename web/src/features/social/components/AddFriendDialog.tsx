import { Button, Field, Input, useDisclosure } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { LuUserPlus } from 'react-icons/lu';
import { AppDialog, DialogDismiss } from '../../../components/AppDialog';
import { useT } from '../../../lib/i18n';

/** Add Friend: asks a username. An empty or whitespace name is ignored (spec §5). */
export function AddFriendDialog({ onSubmit }: { onSubmit: (username: string) => Promise<boolean> }) {
  const t = useT();
  const dialog = useDisclosure();
  const [username, setUsername] = useState('');
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    if (!name || sending) return;
    setSending(true);
    const ok = await onSubmit(name);
    setSending(false);
    if (ok) {
      setUsername('');
      dialog.onClose();
    }
  };

  return (
    <AppDialog
      {...dialog}
      trigger={
        <Button colorPalette="purple">
          <LuUserPlus aria-hidden="true" /> {t('Add Friend')}
        </Button>
      }
      onSubmit={submit}
      title={t('Add Friend')}
      footer={
        <>
          <DialogDismiss />
          <Button type="submit" colorPalette="purple" loading={sending}>
            {t('Send Request')}
          </Button>
        </>
      }
    >
      <Field.Root>
        <Field.Label>{t('Username')}</Field.Label>
        <Input
          name="friend-username"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('Their username')}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <Field.HelperText>{t("They'll get a friend request to accept.")}</Field.HelperText>
      </Field.Root>
    </AppDialog>
  );
}
