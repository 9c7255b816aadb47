import { useMutation } from '@apollo/client/react';
import { Button, Field, Input, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import { PROMPT_BODY_MAX, PROMPT_TITLE_MAX, promptVariables } from '@chorus/shared/promptTemplate';
import { type FormEvent, useState } from 'react';
import { AppDialog, DialogDismiss } from '../../../components/AppDialog';
import { notifySuccess } from '../../../components/toaster';
import type { PromptFieldsFragment } from '../../../graphql/__generated__/graphql';
import { useT } from '../../../lib/i18n';
import { failureMessage } from '../../../lib/mutationToast';
import { CreatePromptMutation, PromptsQuery, UpdatePromptMutation } from '../graphql';

/**
 * New prompt, or one's own changed: a title, the text (its `{{placeholders}}` listed as typed) and
 * whether friends see it. A refused save keeps what was typed and says why.
 */
export function PromptFormDialog({
  prompt,
  initialBody = '',
  onClose,
}: {
  /** The prompt to change; none for a new one. */
  prompt?: PromptFieldsFragment;
  initialBody?: string;
  onClose: () => void;
}) {
  const t = useT();
  const [title, setTitle] = useState(prompt?.title ?? '');
  const [body, setBody] = useState(prompt?.body ?? initialBody);
  const [shared, setShared] = useState(prompt?.shared ?? false);
  const [error, setError] = useState<string | null>(null);
  const [create, created] = useMutation(CreatePromptMutation, { refetchQueries: [PromptsQuery] });
  const [update, updated] = useMutation(UpdatePromptMutation);
  const variables = promptVariables(body);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const input = { title, body, shared };
      if (prompt) await update({ variables: { id: prompt.id, input } });
      else await create({ variables: { input } });
      notifySuccess(prompt ? t('Prompt saved') : t('Prompt added'), title.trim());
      onClose();
    } catch (e) {
      setError(failureMessage(e, t('The prompt could not be saved. Please try again.')));
    }
  };

  return (
    <AppDialog
      onClose={onClose}
      title={prompt ? t('Edit prompt') : t('New prompt')}
      onSubmit={(event) => void submit(event)}
      footer={
        <>
          <DialogDismiss />
          <Button
            type="submit"
            loading={created.loading || updated.loading}
            disabled={!title.trim() || !body.trim()}
          >
            {prompt ? t('Save') : t('Add prompt')}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Field.Root required>
          <Field.Label>{t('Title')}</Field.Label>
          <Input value={title} maxLength={PROMPT_TITLE_MAX} onChange={(e) => setTitle(e.target.value)} />
        </Field.Root>
        <Field.Root required invalid={!!error}>
          <Field.Label>{t('Prompt')}</Field.Label>
          <Textarea
            value={body}
            rows={6}
            maxLength={PROMPT_BODY_MAX}
            onChange={(e) => setBody(e.target.value)}
            placeholder={t('Write a {tone} summary of {topic} for {audience}.', {
              tone: '{{tone}}',
              topic: '{{topic}}',
              audience: '{{audience}}',
            })}
          />
          <Field.HelperText>
            {variables.length > 0
              ? t('Asks for: {names}. You fill these in each time you use it.', {
                  names: variables.join(', '),
                })
              : t('Put {example} in double braces for the parts you fill in each time.', {
                  example: '{{words}}',
                })}
          </Field.HelperText>
          {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
        </Field.Root>
        <Switch.Root checked={shared} onCheckedChange={(d) => setShared(d.checked)}>
          <Switch.HiddenInput />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label>{t('Share with my friends')}</Switch.Label>
        </Switch.Root>
        <Text fontSize="sm" color="fg.muted" mt="-2">
          {t("Friends see it in their prompts and can keep a copy; they can't change yours.")}
        </Text>
      </Stack>
    </AppDialog>
  );
}
