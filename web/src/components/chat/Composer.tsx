import { Box, Button, HStack, IconButton, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { LuSend, LuSquare } from 'react-icons/lu';
import { PRODUCT_NAME } from '../../hooks/usePageMeta';
import { AssistantDot } from './AssistantDot';
import { type Assistant, DEFAULT_ASSISTANT_ID, findAssistant, typedCommand, withCommand } from './assistants';

interface ComposerProps {
  assistants: readonly Assistant[];
  currentModel: string;
  onModelChange: (assistantId: string) => void;
  /** Returns true when the text was taken (sent), so the box empties. */
  onSubmit: (text: string) => boolean;
  /** An answer is being written: Stop replaces Send. */
  streaming: boolean;
  sending: boolean;
  onStop: () => void;
  /** Phones get a dropdown of assistants instead of the row of chips. */
  narrow: boolean;
  /** Shown at the end of the line under the box (the prompt allowance). */
  hint?: ReactNode;
}

/** Spec §2 composer: auto-growing box (to 120px), Enter sends, Shift+Enter breaks the line, @command chips. */
export function Composer({
  assistants,
  currentModel,
  onModelChange,
  onSubmit,
  streaming,
  sending,
  onStop,
  narrow,
  hint,
}: ComposerProps) {
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const current = findAssistant(assistants, currentModel);
  const empty = text.trim() === '';

  const send = () => {
    if (empty || streaming || sending) return;
    if (onSubmit(text)) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  const onChange = (value: string) => {
    setText(value);
    const typed = typedCommand(value, assistants);
    if (typed && typed.id !== currentModel) onModelChange(typed.id);
  };

  /** A chip or the dropdown: switch to that assistant and put its command at the start of the text. */
  const pick = (assistant: Assistant) => {
    onModelChange(assistant.id);
    const next = withCommand(text, assistant.command);
    setText(next);
    requestAnimationFrame(() => {
      const element = box.current;
      if (!element) return;
      element.focus();
      element.setSelectionRange(next.length, next.length);
    });
  };

  const label =
    currentModel === DEFAULT_ASSISTANT_ID
      ? `Default: ${current?.name ?? 'GPT'}`
      : `Using: ${current?.name ?? currentModel}`;

  return (
    <Box borderTopWidth="1px" bg="bg" px={{ base: '3', md: '4' }} pt="3" pb={{ base: '3', md: '4' }}>
      <Stack maxW="3xl" mx="auto" gap="2">
        {assistants.length > 0 && narrow ? (
          <NativeSelect.Root size="sm" width="full">
            <NativeSelect.Field
              aria-label="Assistant"
              value={current?.id ?? ''}
              onChange={(event) => {
                const picked = findAssistant(assistants, event.target.value);
                if (picked) pick(picked);
              }}
            >
              {assistants.map((assistant) => (
                <option key={assistant.id} value={assistant.id}>
                  {assistant.name} ({assistant.command}){assistant.offline ? ' - offline' : ''}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ) : null}
        {assistants.length > 0 && !narrow ? (
          <HStack role="group" aria-label="Assistant commands" gap="1.5" wrap="wrap">
            {assistants.map((assistant) => {
              const active = assistant.id === currentModel;
              return (
                <Button
                  key={assistant.id}
                  size="2xs"
                  variant={active ? 'subtle' : 'outline'}
                  rounded="full"
                  fontFamily="mono"
                  aria-pressed={active}
                  title={`${assistant.name}: ${assistant.description}`}
                  onClick={() => pick(assistant)}
                >
                  <AssistantDot color={assistant.color} boxSize="2" />
                  {assistant.command}
                </Button>
              );
            })}
          </HStack>
        ) : null}
        <HStack align="flex-end" gap="2">
          <Textarea
            ref={box}
            autoresize
            rows={1}
            maxH="120px"
            aria-label="Message"
            placeholder={`Message ${PRODUCT_NAME}...`}
            value={text}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={onKeyDown}
            enterKeyHint="send"
            bg="bg"
          />
          {streaming ? (
            <IconButton aria-label="Stop generating" colorPalette="red" variant="solid" onClick={onStop}>
              <LuSquare />
            </IconButton>
          ) : (
            <IconButton
              aria-label="Send message"
              disabled={empty || sending}
              loading={sending}
              onClick={send}
            >
              <LuSend />
            </IconButton>
          )}
        </HStack>
        <HStack justify="space-between" gap="3" wrap="wrap" fontSize="xs" color="fg.muted">
          <HStack gap="1.5">
            {current ? <AssistantDot color={current.color} boxSize="2" /> : null}
            <Text>{label}</Text>
          </HStack>
          {hint}
        </HStack>
      </Stack>
    </Box>
  );
}
