import {
  Box,
  Button,
  Center,
  HStack,
  IconButton,
  Image,
  Menu,
  Portal,
  Spinner,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { messageLength } from '@chorus/shared/chatRules';
import { PRODUCT_NAME } from '@chorus/shared/seo';
import {
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { LuEyeOff, LuImagePlus, LuPlus, LuSend, LuSquare, LuX } from 'react-icons/lu';
import { SelectField } from '../../../components/forms/SelectField';
import { useT } from '../../../lib/i18n';
import { MicButton } from '../../voice/MicButton';
import { withDictation } from '../../voice/voiceRules';
import { AssistantDot } from './AssistantDot';
import {
  type Assistant,
  DEFAULT_ASSISTANT_ID,
  findAssistant,
  parseCommand,
  typedCommand,
  withCommand,
} from './assistants';
import { LengthCounter } from './LengthCounter';
import { OFFLINE_NOTE, OfflineBadge } from './ModelSelector';
import { peekShellDraft, takeShellDraft } from './shellDraft';
import {
  type Attachment,
  IMAGE_TYPES,
  MAX_IMAGES,
  type SentImage,
  useImageAttachments,
} from './useImageAttachments';

/** A button beside the message box (an item of the "+" menu on a phone): e.g. attach files of My Files. */
export interface ComposerAction {
  id: string;
  label: string;
  /** The tooltip, when it says more than the label. */
  title?: string;
  icon: ReactNode;
  /** For a switch: whether it is on (aria-pressed; a checked item in the menu). */
  pressed?: boolean;
  onSelect: () => void;
}

interface ComposerProps {
  assistants: readonly Assistant[];
  /**
   * The assistants are known (or could not be loaded). Until then a message waits: whether it opens
   * the video dialog or goes to the chat depends on its @command, which the catalogue defines.
   */
  ready: boolean;
  currentModel: string;
  onModelChange: (assistantId: string) => void;
  /** Returns true when the text (and its images) was taken (sent), so the box empties. */
  onSubmit: (text: string, images: readonly SentImage[]) => boolean;
  /** An answer is being written: Stop replaces Send. */
  streaming: boolean;
  sending: boolean;
  onStop: () => void;
  /** Up arrow in the empty box: edit the last prompt instead (true when there was one). */
  onEditLast?: () => boolean;
  /** Phones get a dropdown of assistants instead of the row of chips. */
  narrow: boolean;
  /** Shown at the end of the line under the box (the prompt allowance). */
  hint?: ReactNode;
  /** Beside the assistant picker: the Compare control (features/compare). */
  compareControl?: ReactNode;
  /**
   * Said instead of the assistant in use while the text (as typed, `@claude @gemini …`) or the
   * Compare control sets up a compare ("Comparing …"); null otherwise.
   */
  compareStatus?: (text: string) => string | null;
  /** Beside the image button: attaching files of My Files and "Search the web" (features/knowledge). */
  actions?: readonly ComposerAction[];
  /** Above the message box: what the next message is grounded in. */
  groundingChips?: ReactNode;
  /** Files dropped on the composer that are not images: read as knowledge (features/knowledge). */
  onDropFiles?: (files: File[]) => void;
  /** `/` typed in the empty box: the saved prompts' picker opens (features/prompts). */
  onSlash?: () => void;
  /**
   * Text put into the box from outside (a saved prompt), each time `at` changes: it fills an empty
   * box, or follows what is there on a new line; the box is focused at its end.
   */
  inserted?: { text: string; at: number } | null;
}

/** Spec §2 composer: auto-growing box (to 120px), Enter sends, Shift+Enter breaks the line, @command chips. */
export function Composer({
  assistants,
  ready,
  currentModel,
  onModelChange,
  onSubmit,
  streaming,
  sending,
  onStop,
  onEditLast,
  narrow,
  hint,
  compareControl,
  compareStatus,
  actions = [],
  groundingChips,
  onDropFiles,
  onSlash,
  inserted,
}: ComposerProps) {
  // What was typed into the server-drawn outline's box while the app loaded (shellDraft.ts).
  const t = useT();
  const [text, setText] = useState(() => peekShellDraft()?.text ?? '');
  const [dragging, setDragging] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const images = useImageAttachments();
  const current = findAssistant(assistants, currentModel);
  // Text alone is a message; images need text with them (an empty message is ignored).
  const empty = text.trim() === '';
  // Over the limit the message is refused here, before the box is emptied: the text stays to be cut.
  const length = messageLength(text);
  const counterId = useId();
  const blocked = empty || length.over || sending || images.uploading;
  // The assistant that would get the images: a leading @command's, else the current one.
  const receiver = parseCommand(text, assistants).assistant ?? current;

  // Enter (or Send) before the catalogue has arrived: the message goes as soon as it has.
  const [waiting, setWaiting] = useState(false);
  const send = () => {
    if (blocked || streaming) return;
    if (!ready) {
      setWaiting(true);
      return;
    }
    if (onSubmit(text, images.ready)) {
      setText('');
      images.clear();
    }
  };
  const sendWhenReady = useEffectEvent(send);

  // The outline's box is replaced by this one before the page paints: its text, its focus (with the
  // caret at the end) and an Enter pressed there carry over; the message then goes once it can.
  useLayoutEffect(() => {
    const draft = takeShellDraft();
    if (!draft) return;
    setText(draft.text);
    if (draft.focused) {
      box.current?.focus({ preventScroll: true });
      box.current?.setSelectionRange(draft.text.length, draft.text.length);
    }
    if (draft.send) setWaiting(true);
  }, []);

  // Arriving at the chat (after signing in, say) with nothing focused, typing goes to the message box,
  // not the page body. Not on touch screens, where focusing would pop the keyboard over the chat.
  useEffect(() => {
    const active = document.activeElement;
    const nothingFocused = !active || active === document.body || active === document.documentElement;
    if (nothingFocused && window.matchMedia('(pointer: fine)').matches)
      box.current?.focus({ preventScroll: true });
  }, []);
  useEffect(() => {
    if (!ready || !waiting) return;
    setWaiting(false);
    sendWhenReady();
  }, [ready, waiting]);

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...event.clipboardData.files].filter((file) => file.type.startsWith('image/'));
    if (files.length === 0) return;
    event.preventDefault();
    images.add(files);
  };

  const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    const dropped = [...event.dataTransfer.files];
    const others = onDropFiles ? dropped.filter((file) => !file.type.startsWith('image/')) : [];
    const pictures = dropped.filter((file) => !others.includes(file));
    if (pictures.length > 0) images.add(pictures);
    if (others.length > 0) onDropFiles?.(others);
  };

  const insertedAt = inserted?.at;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each insertion once, by its stamp.
  useEffect(() => {
    if (!inserted) return;
    const next = text.trim() === '' ? inserted.text : `${text.replace(/\s+$/, '')}\n${inserted.text}`;
    setText(next);
    requestAnimationFrame(() => {
      const element = box.current;
      if (!element) return;
      element.focus();
      element.setSelectionRange(next.length, next.length);
    });
  }, [insertedAt]);

  // The microphone's text (features/voice) follows what is typed, never replacing it.
  const dictate = (said: string) => {
    setText((now) => withDictation(now, said));
    requestAnimationFrame(() => {
      const element = box.current;
      if (!element) return;
      element.focus();
      element.setSelectionRange(element.value.length, element.value.length);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === '/' && text === '' && onSlash && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSlash();
      return;
    }
    if (event.key === 'ArrowUp' && text === '' && !streaming && !sending && onEditLast?.()) {
      event.preventDefault();
      return;
    }
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
      ? t('Default: {name}', { name: current?.name ?? 'GPT' })
      : t('Using: {name}', { name: current?.name ?? currentModel });
  const comparing = compareStatus?.(text) ?? null;

  return (
    <Box
      borderTopWidth="1px"
      bg={dragging ? 'colorPalette.subtle' : 'bg'}
      outline={dragging ? '2px dashed' : undefined}
      outlineColor="colorPalette.solid"
      outlineOffset="-4px"
      px={{ base: '3', md: '4' }}
      pt="3"
      pb={{ base: '3', md: '4' }}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      <Stack maxW="3xl" mx="auto" gap="2">
        {assistants.length > 0 && narrow ? (
          <HStack gap="2">
            <SelectField
              size="sm"
              width="full"
              aria-label={t('Assistant')}
              value={current?.id ?? ''}
              options={assistants.map((assistant) => ({
                value: assistant.id,
                label: assistant.offline
                  ? t('{name} ({command}) - offline', { name: assistant.name, command: assistant.command })
                  : `${assistant.name} (${assistant.command})`,
              }))}
              onValueChange={(id) => {
                const picked = findAssistant(assistants, id);
                if (picked) pick(picked);
              }}
            />
            {compareControl}
          </HStack>
        ) : null}
        {assistants.length > 0 && !narrow ? (
          <HStack gap="1.5" align="flex-start">
            <HStack role="group" aria-label={t('Assistant commands')} gap="1.5" wrap="wrap" flex="1">
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
                    title={`${assistant.name}: ${t(assistant.description)}${assistant.offline ? ` (${t(OFFLINE_NOTE)})` : ''}`}
                    onClick={() => pick(assistant)}
                  >
                    <AssistantDot color={assistant.color} boxSize="2" />
                    {assistant.command}
                    {/* Marked like the sidebar's list and the phone dropdown. */}
                    {assistant.offline ? <OfflineBadge /> : null}
                  </Button>
                );
              })}
            </HStack>
            {compareControl}
          </HStack>
        ) : null}
        {images.attachments.length > 0 ? (
          <Stack gap="1">
            <HStack role="list" aria-label={t('Attached images')} gap="2" wrap="wrap">
              {images.attachments.map((attachment) => (
                <Thumbnail key={attachment.key} attachment={attachment} onRemove={images.remove} />
              ))}
            </HStack>
            {receiver && !receiver.vision ? (
              <HStack gap="1.5" fontSize="xs" color="fg.muted">
                <LuEyeOff aria-hidden="true" />
                <Text>{t("{name} can't see images", { name: receiver.name })}</Text>
              </HStack>
            ) : null}
          </Stack>
        ) : null}
        {groundingChips}
        <HStack align="flex-end" gap="2">
          <input
            ref={picker}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            multiple
            hidden
            aria-label={t('Choose images')}
            onChange={(event) => {
              const files = event.target.files;
              if (files) images.add(files);
              // The same file can be picked again after being removed.
              event.target.value = '';
            }}
          />
          {narrow && actions.length > 0 ? (
            // A phone's row has room for the box only with one button beside it: the rest fold into "+".
            <AddMenu actions={actions} imageDisabled={images.full} onImage={() => picker.current?.click()} />
          ) : (
            <>
              <IconButton
                aria-label={t('Attach image')}
                title={
                  images.full
                    ? t('At most {count} images per message', { count: MAX_IMAGES })
                    : t('Attach image')
                }
                variant="ghost"
                disabled={images.full}
                onClick={() => picker.current?.click()}
              >
                <LuImagePlus />
              </IconButton>
              {actions.map((action) => (
                <IconButton
                  key={action.id}
                  aria-label={action.label}
                  title={action.title ?? action.label}
                  aria-pressed={action.pressed}
                  variant={action.pressed ? 'subtle' : 'ghost'}
                  colorPalette={action.pressed ? 'blue' : undefined}
                  onClick={action.onSelect}
                >
                  {action.icon}
                </IconButton>
              ))}
            </>
          )}
          <Textarea
            ref={box}
            autoresize
            rows={1}
            maxH="120px"
            aria-label={t('Message')}
            // Found by this when focus comes back to it (useFocusAfterPathChange.ts), in any language.
            data-message-box=""
            placeholder={t('Message {product}...', { product: PRODUCT_NAME })}
            value={text}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            enterKeyHint="send"
            bg="bg"
            aria-invalid={length.over || undefined}
            aria-describedby={length.showCounter ? counterId : undefined}
          />
          <MicButton onText={dictate} />
          {streaming ? (
            <IconButton aria-label={t('Stop generating')} colorPalette="red" variant="solid" onClick={onStop}>
              <LuSquare />
            </IconButton>
          ) : (
            <IconButton
              aria-label={t('Send message')}
              disabled={blocked}
              loading={sending || waiting}
              onClick={send}
            >
              <LuSend />
            </IconButton>
          )}
        </HStack>
        <HStack justify="space-between" gap="3" wrap="wrap" fontSize="xs" color="fg.muted">
          {comparing ? (
            <Text color="purple.fg" fontWeight="medium" data-testid="compare-status">
              {comparing}
            </Text>
          ) : (
            <HStack gap="1.5">
              {current ? <AssistantDot color={current.color} boxSize="2" /> : null}
              <Text>{label}</Text>
            </HStack>
          )}
          <HStack gap="3" wrap="wrap" justify="flex-end">
            <LengthCounter id={counterId} state={length} />
            {hint}
          </HStack>
        </HStack>
      </Stack>
    </Box>
  );
}

/** The phone's "+" beside the message box: attach images, and the `actions` (switches show a check). */
function AddMenu({
  actions,
  imageDisabled,
  onImage,
}: {
  actions: readonly ComposerAction[];
  imageDisabled: boolean;
  onImage: () => void;
}) {
  const t = useT();
  const on = actions.some((action) => action.pressed);
  return (
    <Menu.Root positioning={{ placement: 'top-start' }}>
      <Menu.Trigger asChild>
        <IconButton
          aria-label={t('Add to message')}
          title={t('Add to message')}
          variant={on ? 'subtle' : 'ghost'}
          colorPalette={on ? 'blue' : undefined}
        >
          <LuPlus />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="60">
            <Menu.Item
              value="image"
              disabled={imageDisabled}
              onSelect={onImage}
              title={
                imageDisabled ? t('At most {count} images per message', { count: MAX_IMAGES }) : undefined
              }
            >
              <LuImagePlus aria-hidden />
              {t('Attach image')}
            </Menu.Item>
            {actions.map((action) =>
              action.pressed === undefined ? (
                <Menu.Item key={action.id} value={action.id} onSelect={action.onSelect}>
                  {action.icon}
                  {action.label}
                </Menu.Item>
              ) : (
                <Menu.CheckboxItem
                  key={action.id}
                  value={action.id}
                  checked={action.pressed}
                  onCheckedChange={action.onSelect}
                  // Its icon lines up with the other items', the check at the end rather than before it.
                  ps="2"
                >
                  {action.icon}
                  <Box flex="1">{action.label}</Box>
                  <Menu.ItemIndicator position="static" transform="none" />
                </Menu.CheckboxItem>
              ),
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

function Thumbnail({ attachment, onRemove }: { attachment: Attachment; onRemove: (key: string) => void }) {
  const t = useT();
  const uploading = attachment.status === 'uploading';
  return (
    <Box
      role="listitem"
      position="relative"
      boxSize="16"
      rounded="md"
      overflow="hidden"
      borderWidth="1px"
      aria-busy={uploading}
      data-status={attachment.status}
    >
      <Image src={attachment.preview} alt={attachment.name} boxSize="full" objectFit="cover" />
      {uploading ? (
        <Center position="absolute" inset="0" bg="blackAlpha.500" color="white">
          <Spinner
            size="sm"
            aria-label={t('Uploading {name}, {percent}%', {
              name: attachment.name,
              percent: Math.round(attachment.progress * 100),
            })}
          />
        </Center>
      ) : null}
      <IconButton
        aria-label={t('Remove image {name}', { name: attachment.name })}
        size="2xs"
        variant="solid"
        colorPalette="gray"
        rounded="full"
        position="absolute"
        top="0.5"
        right="0.5"
        minW="5"
        h="5"
        onClick={() => onRemove(attachment.key)}
      >
        <LuX />
      </IconButton>
    </Box>
  );
}
