import { Badge, CloseButton, HStack, Text } from '@chakra-ui/react';
import { LuFileText, LuGlobe, LuPaperclip } from 'react-icons/lu';
import { t, useT } from '../../../lib/i18n';
import { FilesPickerDialog } from './FilesPickerDialog';
import type { GroundingState } from './useGrounding';

/**
 * (Drawn by ChatPage as it is asked, in the app's language: `t` is read on every draw.)
 * The composer's actions for grounding (Composer's `actions`: buttons beside the message box, or items
 * of its "+" menu on a phone): attach files of My Files, and "Search the web" for the next message
 * when the server can (`webSearch`, from the catalogue).
 */
export function groundingActions(grounding: GroundingState, webSearch: boolean) {
  const actions = [
    {
      id: 'files',
      label: t('Attach files from My Files'),
      icon: <LuPaperclip />,
      onSelect: grounding.openPicker,
    },
    {
      id: 'web',
      label: t('Search the web'),
      title: grounding.webSearch ? t('Searching the web for the next message') : t('Search the web'),
      icon: <LuGlobe />,
      pressed: grounding.webSearch,
      onSelect: grounding.toggleWeb,
    },
  ];
  return webSearch ? actions : actions.filter((a) => a.id !== 'web');
}

/** The My Files picker, while it is open (`grounding.openPicker`). */
export function GroundingPicker({ grounding }: { grounding: GroundingState }) {
  if (!grounding.picking) return null;
  return (
    <FilesPickerDialog
      picked={grounding.files}
      onClose={grounding.closePicker}
      onPick={(files) => {
        grounding.pick(files);
        grounding.closePicker();
      }}
    />
  );
}

/** Above the message box: the files the chat reads (each removable) and whether the web is searched. */
export function GroundingChips({ grounding }: { grounding: GroundingState }) {
  const t = useT();
  if (grounding.files.length === 0 && !grounding.webSearch) return null;
  return (
    <HStack gap="1.5" wrap="wrap" fontSize="xs">
      {grounding.files.length > 0 ? (
        <HStack
          as="ul"
          role="list"
          aria-label={t('Files this chat reads')}
          gap="1.5"
          wrap="wrap"
          listStyleType="none"
          m="0"
          p="0"
        >
          {grounding.files.map((file) => (
            <Badge as="li" key={file.id} variant="outline" size="md" maxW="15rem" gap="1" pe="0.5">
              <LuFileText aria-hidden />
              <Text as="span" truncate>
                {file.name}
              </Text>
              <CloseButton
                size="2xs"
                aria-label={t('Stop reading {name}', { name: file.name })}
                onClick={() => grounding.remove(file.id)}
              />
            </Badge>
          ))}
        </HStack>
      ) : null}
      {grounding.webSearch ? (
        <Badge colorPalette="blue" variant="subtle" size="md" gap="1">
          <LuGlobe aria-hidden /> {t('Searching the web')}
        </Badge>
      ) : null}
    </HStack>
  );
}
