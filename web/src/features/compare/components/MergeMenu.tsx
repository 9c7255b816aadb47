import { Button, Menu, Portal } from '@chakra-ui/react';
import { LuCombine } from 'react-icons/lu';
import { useT } from '../../../lib/i18n';
import { AssistantDot } from '../../chat/components/AssistantDot';
import type { Assistant } from '../../chat/components/assistants';

interface MergeMenuProps {
  /** The chat assistants that may write the merged answer. */
  assistants: readonly Assistant[];
  disabled: boolean;
  loading: boolean;
  onMerge: (assistant: string) => void;
}

/** "Merge": who writes one answer from a compare's finished answers. */
export function MergeMenu({ assistants, disabled, loading, onMerge }: MergeMenuProps) {
  const t = useT();
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button size="xs" variant="outline" disabled={disabled} loading={loading}>
          <LuCombine aria-hidden="true" /> {t('Merge')}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="48">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>{t('Who writes the merged answer?')}</Menu.ItemGroupLabel>
              {assistants.map((assistant) => (
                <Menu.Item key={assistant.id} value={assistant.id} onSelect={() => onMerge(assistant.id)}>
                  <AssistantDot color={assistant.color} boxSize="2" />
                  {assistant.name}
                </Menu.Item>
              ))}
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
