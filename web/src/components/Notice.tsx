import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface NoticeProps extends Omit<Alert.RootProps, 'title'> {
  title?: ReactNode;
  /** Below the title; with one, title and description stack in a column beside the icon. */
  description?: ReactNode;
  /** After the text, e.g. a Retry button. */
  action?: ReactNode;
}

/**
 * A coloured notice (Chakra's Alert) with its status icon. A lone title sits on the icon's line;
 * `status`, `role` (alert for failures, status for news) and layout pass through to the root.
 */
export function Notice({ title, description, action, ...root }: NoticeProps) {
  return (
    <Alert.Root {...root}>
      <Alert.Indicator />
      {description === undefined ? (
        <Alert.Title>{title}</Alert.Title>
      ) : (
        <Alert.Content>
          {title === undefined ? null : <Alert.Title>{title}</Alert.Title>}
          <Alert.Description>{description}</Alert.Description>
        </Alert.Content>
      )}
      {action}
    </Alert.Root>
  );
}
