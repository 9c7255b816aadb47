import { Alert, Button, CloseButton } from '@chakra-ui/react';
import { useT } from '../../../lib/i18n';

/**
 * Said when a search result opened the chat on another version of the conversation than the one
 * it was on: the switch is the one the version arrows make, and this is the way back to the path
 * the user had.
 */
export function SwitchedVersionNotice({ onBack, onClose }: { onBack: () => void; onClose: () => void }) {
  const t = useT();
  return (
    <Alert.Root status="info" role="status" maxW="3xl" mx="auto" alignItems="flex-start">
      <Alert.Indicator />
      <Alert.Content minW="0" gap="1">
        <Alert.Title>{t('Showing another version of this chat')}</Alert.Title>
        <Alert.Description>
          {t(
            'The search result is in a different version from the one you were on. The arrows under each message move between versions.',
          )}
        </Alert.Description>
        <Button size="xs" variant="outline" alignSelf="flex-start" mt="1" onClick={onBack}>
          {t('Back to the version you were on')}
        </Button>
      </Alert.Content>
      <CloseButton size="sm" aria-label={t('Dismiss')} onClick={onClose} mt="-1" />
    </Alert.Root>
  );
}
