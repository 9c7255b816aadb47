import { useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { fillPrompt } from '@chorus/shared/promptTemplate';
import { type FormEvent, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { AppDialog, DialogDismiss } from '../../../components/AppDialog';
import { LoadFailed } from '../../../components/LoadFailed';
import { PageSpinner } from '../../../components/PageSpinner';
import type { PromptFieldsFragment } from '../../../graphql/__generated__/graphql';
import { useT } from '../../../lib/i18n';
import { PromptsQuery } from '../graphql';

/**
 * The chat's prompt picker (opened by `/` in an empty message box, or the Prompts button): search
 * one's own and friends' shared prompts, pick one, fill its `{{placeholders}}`, and its text goes
 * into the box (not sent: the person reads it first). Arrow keys and Enter work from the search box.
 */
export default function PromptPicker({
  onInsert,
  onClose,
}: {
  onInsert: (text: string) => void;
  onClose: () => void;
}) {
  const t = useT();
  const { data, error, loading, refetch } = useQuery(PromptsQuery, { fetchPolicy: 'cache-and-network' });
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [chosen, setChosen] = useState<PromptFieldsFragment | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const found = useMemo(() => {
    const q = query.trim().toLowerCase();
    const all = data?.prompts ?? [];
    return q ? all.filter((p) => `${p.title}\n${p.body}`.toLowerCase().includes(q)) : all;
  }, [data, query]);

  const choose = (prompt: PromptFieldsFragment) => {
    if (prompt.variables.length === 0) {
      onInsert(prompt.body);
      return;
    }
    setValues({});
    setChosen(prompt);
  };
  const fill = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) onInsert(fillPrompt(chosen.body, values));
  };

  const listId = 'prompt-picker-list';
  const current = found[Math.min(active, found.length - 1)];
  // One dialog for both steps (the list, then the blanks): a second dialog in place of the first
  // would close the first, and with it the picker.
  return (
    <AppDialog
      onClose={onClose}
      title={chosen ? chosen.title : t('Insert a prompt')}
      scrollBehavior="inside"
      // Opened from a key pressed in the message box, which still has the focus as it opens: focus
      // "outside" must not close it (Escape, Cancel and the close icon do).
      closeOnInteractOutside={false}
      // Always a form (a dialog whose content turned from a div into a form would be a new element,
      // which the open dialog would not let the pointer reach): Enter picks, then inserts.
      onSubmit={(event) => {
        if (chosen) fill(event);
        else {
          event.preventDefault();
          if (current) choose(current);
        }
      }}
      footer={
        chosen ? (
          <>
            <Button variant="ghost" onClick={() => setChosen(null)}>
              {t('Back')}
            </Button>
            <Button type="submit">{t('Insert')}</Button>
          </>
        ) : (
          <>
            <Button asChild variant="ghost">
              <RouterLink to="/prompts">{t('Manage prompts')}</RouterLink>
            </Button>
            <DialogDismiss />
          </>
        )
      }
    >
      {chosen ? (
        <Stack gap="3">
          {chosen.variables.map((name, i) => (
            <Field.Root key={name}>
              <Field.Label>{name}</Field.Label>
              <Input
                autoFocus={i === 0}
                value={values[name] ?? ''}
                onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
              />
            </Field.Root>
          ))}
          <Box>
            <Text fontSize="sm" color="fg.muted" mb="1">
              {t('Preview')}
            </Text>
            <Text whiteSpace="pre-wrap" fontSize="sm" p="3" rounded="md" bg="bg.muted" dir="auto">
              {fillPrompt(chosen.body, values)}
            </Text>
          </Box>
        </Stack>
      ) : (
        <Stack gap="3">
          <Input
            autoFocus
            role="combobox"
            aria-label={t('Search your prompts')}
            aria-controls={listId}
            aria-expanded
            aria-activedescendant={current ? `prompt-option-${current.id}` : undefined}
            placeholder={t('Search your prompts')}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
            }}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown') setActive((i) => Math.min(i + 1, found.length - 1));
              else if (e.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
              else if (e.key === 'Enter' && current) choose(current);
              else return;
              e.preventDefault();
            }}
          />
          {!data && loading ? (
            <PageSpinner label={t('Loading prompts...')} />
          ) : !data && error ? (
            <LoadFailed title={t('Failed to load your prompts')} onRetry={() => void refetch()} />
          ) : found.length === 0 ? (
            <Text color="fg.muted">
              {query.trim()
                ? t('No prompt matches.')
                : t('No saved prompts yet. Save the ones you use again on the Prompts page.')}
            </Text>
          ) : (
            <Stack as="ul" role="listbox" id={listId} aria-label={t('Prompts')} gap="1" listStyleType="none">
              {found.map((prompt, i) => (
                <Box
                  as="li"
                  key={prompt.id}
                  id={`prompt-option-${prompt.id}`}
                  role="option"
                  aria-selected={prompt === current}
                  p="2"
                  rounded="md"
                  cursor="pointer"
                  bg={prompt === current ? 'colorPalette.subtle' : undefined}
                  _hover={{ bg: 'bg.muted' }}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => choose(prompt)}
                >
                  <Text fontWeight="medium" truncate>
                    {prompt.title}{' '}
                    {!prompt.mine ? (
                      <Badge size="sm" variant="subtle" ms="1">
                        {t('from {name}', { name: prompt.author.displayName || prompt.author.username })}
                      </Badge>
                    ) : null}
                  </Text>
                  <Text fontSize="sm" color="fg.muted" lineClamp={2} dir="auto">
                    {prompt.body}
                  </Text>
                </Box>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </AppDialog>
  );
}
