import { Badge, CloseButton, HStack, IconButton, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuFileText, LuGlobe, LuPaperclip } from 'react-icons/lu';
import { FilesPickerDialog } from './FilesPickerDialog';
import type { GroundingState } from './useGrounding';

/** Beside the composer's image button: attach files of My Files, and "Search the web" for the next message. */
export function GroundingButtons({ grounding }: { grounding: GroundingState }) {
  const [picking, setPicking] = useState(false);
  return (
    <>
      <IconButton
        aria-label="Attach files from My Files"
        title="Attach files from My Files"
        variant="ghost"
        onClick={() => setPicking(true)}
      >
        <LuPaperclip />
      </IconButton>
      <IconButton
        aria-label="Search the web"
        title={grounding.webSearch ? 'Searching the web for the next message' : 'Search the web'}
        aria-pressed={grounding.webSearch}
        variant={grounding.webSearch ? 'subtle' : 'ghost'}
        colorPalette={grounding.webSearch ? 'blue' : undefined}
        onClick={grounding.toggleWeb}
      >
        <LuGlobe />
      </IconButton>
      {picking ? (
        <FilesPickerDialog
          picked={grounding.files}
          onClose={() => setPicking(false)}
          onPick={(files) => {
            grounding.pick(files);
            setPicking(false);
          }}
        />
      ) : null}
    </>
  );
}

/** Above the message box: the files the chat reads (each removable) and whether the web is searched. */
export function GroundingChips({ grounding }: { grounding: GroundingState }) {
  if (grounding.files.length === 0 && !grounding.webSearch) return null;
  return (
    <HStack gap="1.5" wrap="wrap" fontSize="xs">
      {grounding.files.length > 0 ? (
        <HStack
          as="ul"
          role="list"
          aria-label="Files this chat reads"
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
                aria-label={`Stop reading ${file.name}`}
                onClick={() => grounding.remove(file.id)}
              />
            </Badge>
          ))}
        </HStack>
      ) : null}
      {grounding.webSearch ? (
        <Badge colorPalette="blue" variant="subtle" size="md" gap="1">
          <LuGlobe aria-hidden /> Searching the web
        </Badge>
      ) : null}
    </HStack>
  );
}
