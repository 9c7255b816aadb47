import { useMutation, useQuery } from '@apollo/client/react';
import {
  Box,
  Button,
  Checkbox,
  Field,
  Fieldset,
  HStack,
  IconButton,
  Input,
  RadioGroup,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { radioGroupSlotRecipe } from '@chakra-ui/react/theme';
import { type FormEvent, useId, useState } from 'react';
import { LuCheck, LuPlus, LuX } from 'react-icons/lu';
import { AppDialog, DialogDismiss } from '../../../components/AppDialog';
import { SelectField } from '../../../components/forms/SelectField';
import { notifySuccess } from '../../../components/toaster';
import { useLanguage, useT } from '../../../lib/i18n';
import { failureMessage } from '../../../lib/mutationToast';
import { registerRecipes } from '../../../theme/registerRecipes';
import {
  DESCRIPTION_MAX,
  FILES_MAX,
  forgetModelList,
  handleFromName,
  handleProblem,
  INSTRUCTIONS_MAX,
  MODELS,
  NAME_MAX,
  normalizeHandle,
  STARTER_MAX,
  STARTERS_MAX,
  SWATCHES,
  TOOL_SERVERS_MAX,
  textOn,
  VISIBILITIES,
  type Visibility,
} from '../assistantRules';
import {
  CreateCustomAssistantMutation,
  CustomAssistantsQuery,
  KnowledgeFileChoicesQuery,
  ToolServerChoicesQuery,
  UpdateCustomAssistantMutation,
} from '../graphql';
import { type Assistant, AssistantAvatar } from './AssistantCard';

registerRecipes({ slotRecipes: { radioGroup: radioGroupSlotRecipe } });

let keys = 0;
const nextKey = () => ++keys;

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * A new assistant, or one's own changed: who it is (name, @handle, colour, description), what runs
 * it (model, instructions), how to start (up to 4 starters), who sees it, and its knowledge files
 * from My Files. A refused save keeps what was typed and says why.
 */
export function AssistantFormDialog({ assistant, onClose }: { assistant?: Assistant; onClose: () => void }) {
  const t = useT();
  const language = useLanguage();
  const [name, setName] = useState(assistant?.name ?? '');
  const [handle, setHandle] = useState(assistant?.handle ?? '');
  const [handleTouched, setHandleTouched] = useState(Boolean(assistant));
  const [color, setColor] = useState(assistant?.color ?? SWATCHES[0]!);
  const [description, setDescription] = useState(assistant?.description ?? '');
  const [model, setModel] = useState(assistant?.model ?? 'gpt');
  const [instructions, setInstructions] = useState(assistant?.instructions ?? '');
  // Each starter row keeps its own key, so removing one doesn't move another's text or focus.
  const [starters, setStarters] = useState(() =>
    (assistant?.starters.length ? assistant.starters : ['']).map((text) => ({ key: nextKey(), text })),
  );
  const [visibility, setVisibility] = useState<Visibility>(
    (assistant?.visibility as Visibility) ?? 'private',
  );
  const [fileIds, setFileIds] = useState<string[]>(assistant?.fileIds ?? []);
  const [error, setError] = useState<string | null>(null);
  const files = useQuery(KnowledgeFileChoicesQuery, { fetchPolicy: 'cache-and-network' });
  const [toolServerIds, setToolServerIds] = useState<string[]>(assistant?.toolServerIds ?? []);
  const servers = useQuery(ToolServerChoicesQuery, { fetchPolicy: 'cache-and-network' });
  const serverChoices = servers.data?.mcpServers ?? [];
  const [create, created] = useMutation(CreateCustomAssistantMutation, {
    refetchQueries: [CustomAssistantsQuery],
    update: forgetModelList,
  });
  const [update, updated] = useMutation(UpdateCustomAssistantMutation, { update: forgetModelList });
  const ids = { visibility: useId(), colour: useId(), files: useId(), tools: useId() };

  const shownHandle = handleTouched ? handle : handleFromName(name);
  const problem = handleProblem(shownHandle);
  const choices = files.data?.filePage.files ?? [];
  const unlisted = fileIds.filter((id) => !choices.some((f) => f.id === id)).length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const input = {
        name,
        handle: shownHandle,
        color,
        description,
        model,
        instructions,
        visibility,
        starters: starters.map((s) => s.text.trim()).filter(Boolean),
        // Sent only when changed: a file deleted from My Files since would refuse the whole save.
        ...(assistant && sameIds(fileIds, assistant.fileIds) ? {} : { fileIds }),
        ...(assistant && sameIds(toolServerIds, assistant.toolServerIds) ? {} : { toolServerIds }),
      };
      if (assistant) await update({ variables: { id: assistant.id, input } });
      else await create({ variables: { input } });
      notifySuccess(assistant ? t('Assistant saved') : t('Assistant made'), `@${shownHandle}`);
      onClose();
    } catch (e) {
      setError(failureMessage(e, t('The assistant could not be saved. Please try again.')));
    }
  };

  const toggleServer = (id: string, on: boolean) =>
    setToolServerIds((now) => (on ? (now.includes(id) ? now : [...now, id]) : now.filter((x) => x !== id)));
  const toggleFile = (id: string, on: boolean) =>
    setFileIds((now) => (on ? (now.includes(id) ? now : [...now, id]) : now.filter((x) => x !== id)));

  return (
    <AppDialog
      onClose={onClose}
      title={assistant ? t('Edit assistant') : t('New assistant')}
      onSubmit={(event) => void submit(event)}
      scrollBehavior="inside"
      size={{ base: 'full', sm: 'lg' }}
      footer={
        <>
          <DialogDismiss />
          <Button
            type="submit"
            loading={created.loading || updated.loading}
            disabled={!name.trim() || problem !== null}
          >
            {assistant ? t('Save') : t('Make assistant')}
          </Button>
        </>
      }
    >
      <Stack gap="5">
        {error ? (
          <Text role="alert" color="fg.error" fontSize="sm">
            {error}
          </Text>
        ) : null}
        <HStack gap="3" align="center">
          <AssistantAvatar name={name || '?'} color={color} size="12" />
          <Box minW="0">
            <Text fontWeight="semibold" dir="auto" truncate>
              {name.trim() || t('Your assistant')}
            </Text>
            <Text fontSize="sm" color="fg.muted" aria-live="polite" wordBreak="break-all">
              @{shownHandle || t('handle')}
            </Text>
          </Box>
        </HStack>
        <Field.Root required>
          <Field.Label>{t('Name')}</Field.Label>
          <Input value={name} maxLength={NAME_MAX} onChange={(e) => setName(e.target.value)} dir="auto" />
        </Field.Root>
        <Field.Root required invalid={handleTouched && problem !== null}>
          <Field.Label>{t('Handle')}</Field.Label>
          <HStack gap="1" w="full">
            <Text color="fg.muted" aria-hidden="true">
              @
            </Text>
            <Input
              value={shownHandle}
              maxLength={24}
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              onChange={(e) => {
                setHandleTouched(true);
                setHandle(normalizeHandle(e.target.value));
              }}
            />
          </HStack>
          {handleTouched && problem ? (
            <Field.ErrorText>{t(problem)}</Field.ErrorText>
          ) : (
            <Field.HelperText>
              {t('Start a chat message with @{handle} to ask it. 3–24 letters, digits or _.', {
                handle: shownHandle || t('handle'),
              })}
            </Field.HelperText>
          )}
        </Field.Root>
        <Fieldset.Root>
          <Fieldset.Legend id={ids.colour}>{t('Colour')}</Fieldset.Legend>
          <HStack gap="2" flexWrap="wrap" role="group" aria-labelledby={ids.colour}>
            {SWATCHES.map((s) => (
              <IconButton
                key={s}
                type="button"
                size="sm"
                borderRadius="full"
                bg={s}
                color={textOn(s)}
                _hover={{ bg: s, opacity: 0.85 }}
                aria-label={t('Colour {value}', { value: s })}
                aria-pressed={color === s}
                onClick={() => setColor(s)}
              >
                {color === s ? <LuCheck /> : null}
              </IconButton>
            ))}
            <Input
              type="color"
              aria-label={t('Any colour')}
              value={color}
              onChange={(e) => setColor(e.target.value.toLowerCase())}
              w="12"
              p="1"
              h="8"
            />
          </HStack>
        </Fieldset.Root>
        <Field.Root>
          <Field.Label>{t('Description')}</Field.Label>
          <Input
            value={description}
            maxLength={DESCRIPTION_MAX}
            placeholder={t('What it is good at, in a line')}
            onChange={(e) => setDescription(e.target.value)}
            dir="auto"
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('Runs on')}</Field.Label>
          <SelectField value={model} options={MODELS} onValueChange={setModel} />
          <Field.HelperText>
            {t('The Chorus assistant that answers with your instructions.')}
          </Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('Instructions')}</Field.Label>
          <Textarea
            value={instructions}
            rows={6}
            maxLength={INSTRUCTIONS_MAX}
            placeholder={t('You are a patient chef. Ask what ingredients I have, then suggest two recipes…')}
            onChange={(e) => setInstructions(e.target.value)}
            dir="auto"
          />
          <Field.HelperText aria-live="polite">
            {instructions.length.toLocaleString(language)} / {INSTRUCTIONS_MAX.toLocaleString(language)}
          </Field.HelperText>
        </Field.Root>
        <Fieldset.Root>
          <Fieldset.Legend>{t('Starter prompts')}</Fieldset.Legend>
          <Stack gap="2">
            {starters.map((s, i) => (
              <HStack key={s.key} gap="2">
                <Input
                  aria-label={t('Starter {number}', { number: i + 1 })}
                  value={s.text}
                  maxLength={STARTER_MAX}
                  placeholder={t('What can I cook with eggs and rice?')}
                  onChange={(e) =>
                    setStarters((now) =>
                      now.map((x) => (x.key === s.key ? { ...x, text: e.target.value } : x)),
                    )
                  }
                  dir="auto"
                />
                <IconButton
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={t('Remove starter {number}', { number: i + 1 })}
                  onClick={() => setStarters((now) => now.filter((x) => x.key !== s.key))}
                >
                  <LuX />
                </IconButton>
              </HStack>
            ))}
            {starters.length < STARTERS_MAX ? (
              <Button
                type="button"
                size="sm"
                variant="outline"
                alignSelf="start"
                onClick={() => setStarters((now) => [...now, { key: nextKey(), text: '' }])}
              >
                <LuPlus aria-hidden="true" /> {t('Add a starter')}
              </Button>
            ) : null}
          </Stack>
        </Fieldset.Root>
        <Stack gap="2">
          <Text fontWeight="medium" fontSize="sm" id={ids.visibility}>
            {t('Who can use it')}
          </Text>
          <RadioGroup.Root
            aria-labelledby={ids.visibility}
            value={visibility}
            onValueChange={(d) => setVisibility(d.value as Visibility)}
            size="sm"
          >
            <Stack gap="2">
              {VISIBILITIES.map((v) => (
                <RadioGroup.Item key={v.value} value={v.value}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>
                    {t(v.label)}{' '}
                    <Text as="span" color="fg.muted">
                      — {t(v.hint)}
                    </Text>
                  </RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
        </Stack>
        <Stack gap="2">
          <Text fontWeight="medium" fontSize="sm" id={ids.files}>
            {t('Knowledge files ({count}/{max})', { count: fileIds.length, max: FILES_MAX })}
          </Text>
          <Text fontSize="sm" color="fg.muted" mt="-1">
            {t("It reads these from My Files when it answers. Copies made by others don't get them.")}
          </Text>
          {files.loading && !files.data ? (
            <Text fontSize="sm" color="fg.muted">
              {t('Loading your files…')}
            </Text>
          ) : files.error && !files.data ? (
            <Text fontSize="sm" color="fg.error">
              {t('Your files could not be loaded.')}
            </Text>
          ) : choices.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              {t('No files yet. Upload some in My Files first.')}
            </Text>
          ) : (
            <Stack
              gap="1.5"
              role="group"
              aria-labelledby={ids.files}
              maxH="40"
              overflowY="auto"
              tabIndex={-1}
              borderWidth="1px"
              borderRadius="md"
              p="2"
            >
              {choices.map((f) => {
                const on = fileIds.includes(f.id);
                return (
                  <Checkbox.Root
                    key={f.id}
                    size="sm"
                    checked={on}
                    disabled={!on && fileIds.length >= FILES_MAX}
                    onCheckedChange={(d) => toggleFile(f.id, d.checked === true)}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label wordBreak="break-all">{f.name}</Checkbox.Label>
                  </Checkbox.Root>
                );
              })}
            </Stack>
          )}
          {unlisted > 0 ? (
            <Text fontSize="xs" color="fg.muted">
              {t(
                '{count, plural, one {And # older file not listed here.} other {And # older files not listed here.}}',
                {
                  count: unlisted,
                },
              )}
            </Text>
          ) : null}
        </Stack>
        <Stack gap="2">
          <Text fontWeight="medium" fontSize="sm" id={ids.tools}>
            {t('Tools ({count}/{max})', { count: toolServerIds.length, max: TOOL_SERVERS_MAX })}
          </Text>
          <Text fontSize="sm" color="fg.muted" mt="-1">
            {t(
              "When you ask it, it may call these MCP servers' tools (none picked: all of yours). Others using it get their own servers' tools instead.",
            )}
          </Text>
          {servers.loading && !servers.data ? (
            <Text fontSize="sm" color="fg.muted">
              {t('Loading your tool servers…')}
            </Text>
          ) : servers.error && !servers.data ? (
            <Text fontSize="sm" color="fg.error">
              {t('Your tool servers could not be loaded.')}
            </Text>
          ) : serverChoices.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              {t('No tool servers yet. Connect one in Settings, Tools (MCP).')}
            </Text>
          ) : (
            <Stack
              gap="1.5"
              role="group"
              aria-labelledby={ids.tools}
              borderWidth="1px"
              borderRadius="md"
              p="2"
            >
              {serverChoices.map((server) => {
                const on = toolServerIds.includes(server.id);
                return (
                  <Checkbox.Root
                    key={server.id}
                    size="sm"
                    checked={on}
                    disabled={!on && toolServerIds.length >= TOOL_SERVERS_MAX}
                    onCheckedChange={(d) => toggleServer(server.id, d.checked === true)}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label wordBreak="break-all">{server.name}</Checkbox.Label>
                  </Checkbox.Root>
                );
              })}
            </Stack>
          )}
        </Stack>
      </Stack>
    </AppDialog>
  );
}
