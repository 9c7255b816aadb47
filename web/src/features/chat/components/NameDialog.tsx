import { Button, Field, Input } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { AppDialog, DialogDismiss } from '../../../components/AppDialog';
import { msg, useT } from '../../../lib/i18n';

/**
 * A dialog asking for one name (a chat's title, a folder's name). Blank or unchanged, submitting
 * just closes it; otherwise `save` gets the trimmed name and the dialog closes once it succeeds
 * (a failure has told the person why and leaves the dialog open to try again).
 */
export function NameDialog({
  title,
  label,
  initial = '',
  maxLength,
  submitLabel = msg('Save'),
  busy,
  save,
  onClose,
}: {
  title: string;
  label: string;
  initial?: string;
  maxLength: number;
  submitLabel?: string;
  busy: boolean;
  save: (name: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const t = useT();
  const [name, setName] = useState(initial);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next = name.trim();
    if (!next || next === initial) {
      onClose();
      return;
    }
    if (await save(next)) onClose();
  };

  return (
    <AppDialog
      onClose={onClose}
      onSubmit={onSubmit}
      title={title}
      footer={
        <>
          <DialogDismiss />
          <Button type="submit" loading={busy} disabled={!name.trim()}>
            {t(submitLabel)}
          </Button>
        </>
      }
    >
      <Field.Root required>
        <Field.Label>{label}</Field.Label>
        <Input
          value={name}
          maxLength={maxLength}
          onChange={(event) => setName(event.target.value)}
          data-autofocus=""
        />
      </Field.Root>
    </AppDialog>
  );
}
