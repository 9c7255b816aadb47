import { Button, Field, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { AppDialog } from '../../../components/AppDialog';
import { useT } from '../../../lib/i18n';

interface ActionDialogProps {
  title: string;
  /** What the action does, said before it is done. */
  description: ReactNode;
  confirmLabel: string;
  /** Bans and the like: a red button and an alert dialog. */
  danger?: boolean;
  /** A reason field: required (bans, suspensions), optional, or none. */
  reason?: 'required' | 'optional';
  /** A number of hours (suspensions). */
  hours?: boolean;
  onClose: () => void;
  /** Resolves true when done (the dialog closes), false to keep it open (the toast said why). */
  onConfirm: (input: { reason: string; hours: number }) => Promise<boolean>;
}

/**
 * The confirmation every console action goes through: what will happen, the reason kept in the audit
 * log, and for a suspension how long. Enter confirms; Escape or Cancel goes back.
 */
export function ActionDialog({
  title,
  description,
  confirmLabel,
  danger,
  reason: reasonMode,
  hours: withHours,
  onClose,
  onConfirm,
}: ActionDialogProps) {
  const [reason, setReason] = useState('');
  const [hours, setHours] = useState('24');
  const [busy, setBusy] = useState(false);
  /** Which field is wrong, if one is. */
  const [error, setError] = useState<'reason' | 'hours' | null>(null);
  const t = useT();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reasonMode === 'required' && !reason.trim()) return setError('reason');
    const hourCount = Number(hours);
    if (withHours && (!Number.isInteger(hourCount) || hourCount < 1 || hourCount > 8760))
      return setError('hours');
    setError(null);
    setBusy(true);
    const done = await onConfirm({ reason: reason.trim(), hours: hourCount });
    setBusy(false);
    if (done) onClose();
  };

  return (
    <AppDialog
      title={title}
      onClose={onClose}
      role={danger ? 'alertdialog' : 'dialog'}
      closeButton={false}
      onSubmit={(e) => void submit(e)}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {t('Cancel')}
          </Button>
          <Button type="submit" colorPalette={danger ? 'red' : undefined} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text>{description}</Text>
        {withHours ? (
          <Field.Root required invalid={error === 'hours'}>
            <Field.Label>{t('Hours')}</Field.Label>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={8760}
              value={hours}
              onChange={(e) => setHours(e.target.value)}
            />
            <Field.HelperText>{t('24 is a day, 168 a week.')}</Field.HelperText>
          </Field.Root>
        ) : null}
        {reasonMode ? (
          <Field.Root required={reasonMode === 'required'} invalid={error === 'reason'}>
            <Field.Label>
              {t('Reason')}
              {reasonMode === 'required' ? <Field.RequiredIndicator /> : null}
            </Field.Label>
            <Textarea value={reason} maxLength={500} rows={3} onChange={(e) => setReason(e.target.value)} />
            <Field.HelperText>
              {reasonMode === 'required'
                ? t('Kept in the audit log and shown to the user when sign-in is refused.')
                : t('Kept in the audit log.')}
            </Field.HelperText>
          </Field.Root>
        ) : null}
        {error ? (
          <Text color="fg.error" role="alert" fontSize="sm">
            {error === 'reason'
              ? t('Give a reason')
              : t('Hours must be a whole number from 1 to 8760 (a year)')}
          </Text>
        ) : null}
      </Stack>
    </AppDialog>
  );
}
