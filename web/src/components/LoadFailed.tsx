import { Alert, Button, type ButtonProps } from '@chakra-ui/react';

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
    <Alert.Root status="error" role={role}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>Check your connection and try again.</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant={retryVariant} onClick={onRetry}>
        Retry
      </Button>
    </Alert.Root>
  );
}
