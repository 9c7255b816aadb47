import { Button, type ButtonProps } from '@chakra-ui/react';
import { useT } from '../lib/i18n';
import { Notice } from './Notice';

/** A page's "could not load" alert with its Retry button. */
export function LoadFailed({
  title,
  onRetry,
  role,
  retryVariant = 'outline',
}: {
  title: string;
  onRetry: () => void;
  role?: 'alert';
  retryVariant?: ButtonProps['variant'];
}) {
  const t = useT();
  return (
    <Notice
      status="error"
      role={role}
      title={title}
      description={t('Check your connection and try again.')}
      action={
        <Button size="sm" variant={retryVariant} onClick={onRetry}>
          {t('Retry')}
        </Button>
      }
    />
  );
}
