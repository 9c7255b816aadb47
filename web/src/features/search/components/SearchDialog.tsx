import { useQuery } from '@apollo/client/react';
import { Box, CloseButton, Dialog, HStack, Input, Kbd, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { LuMessageSquare, LuSearch } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { formatShortDate } from '../../../lib/formatShortDate';
import { useLanguage, useT } from '../../../lib/i18n';
import { SearchChatsQuery } from '../graphql';
import { Snippet } from './Snippet';

const QUERY_MAX = 200;
const DEBOUNCE_MS = 200;

/**
 * Search over the user's chats: results as you type (debounced), one per chat (its best match, and
 * how many of its messages matched), arrows to move, Enter to open the chat at that message, Esc
 * to close. The input is a combobox over a listbox of results.
 */
export default function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const list = useRef<HTMLDivElement>(null);
  const query = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const { data, previousData, loading, error } = useQuery(SearchChatsQuery, {
    variables: { query, limit: 20 },
    skip: !open || !query,
    fetchPolicy: 'network-only',
  });
  const results = query ? ((data ?? previousData)?.search ?? []) : [];
  const settling = text.trim() !== query || loading;

  useEffect(() => {
    if (!open) {
      setText('');
      setChooseWhenSettled(false);
    }
  }, [open]);
  // A new list starts at its best result.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets when the results change.
  useEffect(() => setActive(0), [data]);
  useEffect(() => {
    list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  // Enter while the results still belong to an earlier text waits for this text's results.
  const [chooseWhenSettled, setChooseWhenSettled] = useState(false);
  const choose = (index: number) => {
    const result = results[index];
    if (!result) return;
    onClose();
    navigate(`/chat/${result.chatId}${result.messageId ? `?message=${result.messageId}` : ''}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (settling) setChooseWhenSettled(true);
      else choose(active);
    }
  };
  useEffect(() => {
    if (!chooseWhenSettled || settling) return;
    setChooseWhenSettled(false);
    choose(0);
  });

  const optionId = (index: number) => `${listId}-option-${index}`;
  let status: string | null = null;
  if (!query) status = t('Search your chats by words in their messages or titles.');
  else if (error) status = t('Search failed. Please try again.');
  else if (!settling && results.length === 0) status = t('No chats match "{query}".', { query });

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => (details.open ? null : onClose())}
      placement="top"
      size={{ base: 'full', sm: 'lg' }}
      initialFocusEl={() => document.getElementById(`${listId}-input`)}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ base: '0', sm: '4' }}>
          <Dialog.Content mt={{ base: '0', sm: '16' }}>
            <Dialog.Header pb="2">
              <Dialog.Title fontSize="md">{t('Search chats')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="4">
              <Stack gap="3">
                <HStack
                  gap="2"
                  borderWidth="1px"
                  rounded="md"
                  px="3"
                  _focusWithin={{ borderColor: 'colorPalette.focusRing' }}
                >
                  <Box color="fg.muted" aria-hidden="true">
                    {settling && query ? <Spinner size="xs" /> : <LuSearch />}
                  </Box>
                  <Input
                    id={`${listId}-input`}
                    variant="flushed"
                    border="none"
                    placeholder={t('Search messages and titles')}
                    aria-label={t('Search chats')}
                    role="combobox"
                    aria-expanded={results.length > 0}
                    aria-controls={listId}
                    aria-autocomplete="list"
                    aria-activedescendant={results.length ? optionId(active) : undefined}
                    autoComplete="off"
                    spellCheck={false}
                    maxLength={QUERY_MAX}
                    value={text}
                    onChange={(event) => setText(event.target.value)}
                    onKeyDown={onKeyDown}
                  />
                </HStack>
                <Box
                  ref={list}
                  id={listId}
                  role="listbox"
                  aria-label={t('Results')}
                  aria-busy={settling}
                  maxH={{ base: 'calc(100dvh - 11rem)', sm: '60vh' }}
                  opacity={settling ? 0.6 : 1}
                  overflowY="auto"
                >
                  {results.map((result, index) => (
                    <Box
                      key={result.chatId}
                      id={optionId(index)}
                      data-index={index}
                      role="option"
                      aria-selected={index === active}
                      cursor="pointer"
                      px="3"
                      py="2"
                      rounded="md"
                      bg={index === active ? 'bg.emphasized' : undefined}
                      onMouseMove={() => setActive(index)}
                      onClick={() => choose(index)}
                    >
                      <HStack justify="space-between" gap="2">
                        <HStack gap="1.5" minW="0" fontWeight="medium" fontSize="sm">
                          <LuMessageSquare aria-hidden="true" />
                          <Text truncate dir="auto">
                            {result.chatTitle}
                          </Text>
                        </HStack>
                        <HStack gap="2" flexShrink={0} fontSize="xs" color="fg.muted">
                          {result.messageId ? (
                            <Text
                              as="span"
                              px="1.5"
                              rounded="full"
                              bg="bg.muted"
                              color="fg"
                              data-testid="match-count"
                            >
                              {t('{count, plural, one {# match} other {# matches}}', {
                                count: result.matchCount,
                              })}
                            </Text>
                          ) : null}
                          <Text as="span">{formatShortDate(result.createdAt, undefined, language)}</Text>
                        </HStack>
                      </HStack>
                      <Text fontSize="sm" color="fg.muted" lineClamp={2} mt="0.5" dir="auto">
                        <Snippet html={result.snippet} />
                      </Text>
                    </Box>
                  ))}
                </Box>
                <Text role="status" fontSize="sm" color="fg.muted" textAlign="center" hidden={!status}>
                  {status}
                </Text>
                <HStack
                  gap="3"
                  fontSize="xs"
                  color="fg.muted"
                  justify="center"
                  display={{ base: 'none', sm: 'flex' }}
                >
                  <KeyHint text={t('{keys} to move', { keys: KEYS })}>
                    <Kbd>↑</Kbd> <Kbd>↓</Kbd>
                  </KeyHint>
                  <KeyHint text={t('{keys} to open', { keys: KEYS })}>
                    <Kbd>Enter</Kbd>
                  </KeyHint>
                  <KeyHint text={t('{keys} to close', { keys: KEYS })}>
                    <Kbd>Esc</Kbd>
                  </KeyHint>
                </HStack>
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('Close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Where the keys go in a hint's sentence: a private-use character no translation holds. */
const KEYS = '\uE000';

/** A key hint ("↑ ↓ to move"), one sentence per language with the keys where that language puts them. */
function KeyHint({ text, children }: { text: string; children: ReactNode }) {
  const [before = '', after = ''] = text.split(KEYS);
  return (
    <span>
      {before}
      {children}
      {after}
    </span>
  );
}
