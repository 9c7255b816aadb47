import { Badge, Button, createListCollection, HStack, Portal, Select, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useMemo } from 'react';
import { msg, useT } from '../../../lib/i18n';
import { AssistantDot } from './AssistantDot';
import { type Assistant, findAssistant } from './assistants';

export const OFFLINE_NOTE = msg('No API key configured: answers come from the offline demo provider');

export function OfflineBadge() {
  const t = useT();
  return (
    <Badge size="xs" variant="outline" colorPalette="orange" title={t(OFFLINE_NOTE)}>
      {t('Offline')}
    </Badge>
  );
}

export interface ModelSelectorProps {
  assistants: readonly Assistant[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  value: string;
  onChange: (assistantId: string) => void;
  /** Inside the mobile drawer the list must stay in the drawer's own layer (its focus trap). */
  portalled: boolean;
}

/** Spec §2: the sidebar's model selector: each assistant's name and colour, a Default badge or its command. */
export function ModelSelector({
  assistants,
  loading,
  failed,
  onRetry,
  value,
  onChange,
  portalled,
}: ModelSelectorProps) {
  const collection = useMemo(
    () =>
      createListCollection({
        items: [...assistants],
        itemToString: (assistant) => assistant.name,
        itemToValue: (assistant) => assistant.id,
      }),
    [assistants],
  );
  const current = findAssistant(assistants, value);
  const t = useT();

  if (failed) {
    return (
      <Stack gap="2">
        <Text fontSize="sm" color="fg.muted">
          {t('Could not load the assistants.')}
        </Text>
        <Button size="xs" variant="outline" onClick={onRetry} alignSelf="flex-start">
          {t('Try again')}
        </Button>
      </Stack>
    );
  }

  const renderItem = (assistant: Assistant) => (
    <Select.Item item={assistant} key={assistant.id} alignItems="flex-start" py="2">
      <AssistantDot color={assistant.color} mt="1.5" />
      <Stack gap="0.5" flex="1" minW="0">
        <HStack gap="1.5" wrap="wrap">
          <Select.ItemText fontWeight="medium">{assistant.name}</Select.ItemText>
          {assistant.isDefault ? (
            <Badge size="xs" colorPalette="purple">
              {t('Default')}
            </Badge>
          ) : (
            <Badge size="xs" variant="surface" fontFamily="mono" colorPalette="gray">
              {assistant.command}
            </Badge>
          )}
          {assistant.offline ? <OfflineBadge /> : null}
        </HStack>
        <Text fontSize="xs" color="fg.muted">
          {t(assistant.description)}
        </Text>
      </Stack>
      <Select.ItemIndicator />
    </Select.Item>
  );
  // The nine first, then one's own and friends' (`custom:<id>`, api/src/modules/chat/core/catalogueView.ts).
  const builtIn = collection.items.filter((a) => !a.id.startsWith('custom:'));
  const custom = collection.items.filter((a) => a.id.startsWith('custom:'));

  const content = (
    <Select.Positioner>
      <Select.Content maxH="min(28rem, 70vh)">
        {builtIn.map(renderItem)}
        {custom.length > 0 ? (
          <Select.ItemGroup>
            <Select.ItemGroupLabel fontSize="xs" color="fg.muted" px="2" pt="2">
              {t('Custom assistants')}
            </Select.ItemGroupLabel>
            {custom.map(renderItem)}
          </Select.ItemGroup>
        ) : null}
      </Select.Content>
    </Select.Positioner>
  );

  let layer: ReactNode = content;
  if (portalled) layer = <Portal>{content}</Portal>;

  return (
    <Stack gap="1.5">
      <Select.Root
        collection={collection}
        value={current ? [current.id] : []}
        onValueChange={(details) => {
          const picked = details.value[0];
          if (picked) onChange(picked);
        }}
        disabled={loading}
        size="sm"
        positioning={{ sameWidth: true }}
      >
        <Select.HiddenSelect />
        <Select.Label>{t('Model')}</Select.Label>
        <Select.Control>
          <Select.Trigger bg="bg">
            <HStack gap="2" minW="0" flex="1">
              {current ? <AssistantDot color={current.color} /> : null}
              <Select.ValueText
                flex="1"
                placeholder={loading ? t('Loading assistants...') : t('Pick an assistant')}
              />
            </HStack>
          </Select.Trigger>
          <Select.IndicatorGroup>
            <Select.Indicator />
          </Select.IndicatorGroup>
        </Select.Control>
        {layer}
      </Select.Root>
      {current?.offline ? (
        <Text fontSize="xs" color="fg.muted">
          <Badge size="xs" variant="outline" colorPalette="orange" me="1">
            {t('Offline')}
          </Badge>
          {t(OFFLINE_NOTE)}.
        </Text>
      ) : null}
    </Stack>
  );
}
