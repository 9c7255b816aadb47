import { Button, type ButtonProps } from '@chakra-ui/react';
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
  return (
    <Notice
      status="error"
      role={role}
      title={title}
      description="Check your connection and try again."
      action={
        <Button size="sm" variant={retryVariant} onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}
