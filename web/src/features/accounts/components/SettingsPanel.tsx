import { Button, Card, Flex, Separator, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n';

interface SettingsPanelProps {
  title: string;
  saving: boolean;
  onSave: () => void;
  children: ReactNode;
}

/** A settings tab's card: its switches and the Save button that stores just this tab's values. */
export function SettingsPanel({ title, saving, onSave, children }: SettingsPanelProps) {
  const t = useT();
  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Card.Title as="h2">{title}</Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="0" separator={<Separator />}>
          {children}
        </Stack>
      </Card.Body>
      <Card.Footer>
        <Flex justify="flex-end" width="full">
          <Button onClick={onSave} loading={saving} loadingText={t('Saving...')}>
            {t('Save')}
          </Button>
        </Flex>
      </Card.Footer>
    </Card.Root>
  );
}
