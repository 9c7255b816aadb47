import { Button, HStack } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { useT } from '../../lib/i18n';

/** A small form inside a card (change password, add a passkey): its fields, handler and button. */
export interface SmallFormProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The submit button's words. */
  submit: string;
  busy: boolean;
  /** "red" for a form that destroys something. */
  colorPalette?: string;
  /** The form's fields. */
  children: ReactNode;
}

/** A small inline form's submit button and its Cancel, side by side. */
export function FormButtons({
  submit,
  busy,
  onCancel,
  colorPalette,
}: Pick<SmallFormProps, 'submit' | 'busy' | 'colorPalette'> & { onCancel: () => void }) {
  const t = useT();
  return (
    <HStack gap="2">
      <Button type="submit" colorPalette={colorPalette} size="sm" loading={busy}>
        {submit}
      </Button>
      <Button variant="ghost" size="sm" onClick={onCancel}>
        {t('Cancel')}
      </Button>
    </HStack>
  );
}
