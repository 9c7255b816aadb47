import { useMutation } from '@apollo/client/react';
import { Button, Checkbox, Field, Fieldset, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { SelectField } from '../../../components/forms/SelectField';
import { TextField } from '../../../components/forms/TextField';
import { useT } from '../../../lib/i18n';
import { failureMessage } from '../../../lib/mutationToast';
import { ApiTokensQuery, CreateApiTokenMutation } from '../graphql';
import { DEFAULT_EXPIRY, EXPIRY_OPTIONS, expiresInDays, formProblem, SCOPES } from '../tokenRules';

/** The create form: a name, the scopes (read ticked to start with), an expiry. */
export function CreateTokenForm({ onCreated }: { onCreated: (name: string, secret: string) => void }) {
  const t = useT();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(['read']);
  const [expiry, setExpiry] = useState<string>(DEFAULT_EXPIRY);
  const [problem, setProblem] = useState<string | null>(null);
  const [create, { loading }] = useMutation(CreateApiTokenMutation);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wrong = formProblem(name, scopes);
    setProblem(wrong);
    if (wrong) return;
    try {
      const { data } = await create({
        variables: { input: { name: name.trim(), scopes, expiresInDays: expiresInDays(expiry) } },
        update: (cache, { data: made }) => {
          if (!made) return;
          cache.updateQuery({ query: ApiTokensQuery }, (d) =>
            d ? { apiTokens: [made.createApiToken.token, ...d.apiTokens] } : d,
          );
        },
      });
      if (!data) return;
      onCreated(data.createApiToken.token.name, data.createApiToken.secret);
      setName('');
      setScopes(['read']);
      setExpiry(DEFAULT_EXPIRY);
    } catch (e) {
      setProblem(failureMessage(e, t('Could not create the token')));
    }
  };

  const toggle = (scope: string, on: boolean) =>
    setScopes((now) => (on ? [...new Set([...now, scope])] : now.filter((s) => s !== scope)));

  return (
    <Stack asChild gap="5">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <TextField
          label={t('Name')}
          value={name}
          maxLength={100}
          placeholder={t('e.g. Nightly export script')}
          helperText={t('What the token is for, so you can tell it apart later.')}
          onValueChange={setName}
          error={problem && /name/i.test(problem) ? t(problem) : null}
        />
        <Fieldset.Root invalid={problem === 'Choose at least one scope'}>
          <Fieldset.Legend textStyle="sm" fontWeight="medium">
            {t('Scopes')}
          </Fieldset.Legend>
          <Fieldset.HelperText textStyle="xs" color="fg.muted">
            {t('The token can do exactly this, nothing more.')}
          </Fieldset.HelperText>
          <Stack gap="3" mt="2">
            {SCOPES.map((scope) => (
              <Checkbox.Root
                key={scope.value}
                alignItems="flex-start"
                checked={scopes.includes(scope.value)}
                onCheckedChange={(details) => toggle(scope.value, details.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control mt="0.5" />
                <Checkbox.Label>
                  <Text as="span" fontWeight="medium">
                    {t(scope.label)}
                  </Text>
                  <Text as="span" display="block" fontSize="sm" color="fg.muted" fontWeight="normal">
                    {t(scope.description)}
                  </Text>
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
          {problem === 'Choose at least one scope' ? (
            <Fieldset.ErrorText>{t(problem)}</Fieldset.ErrorText>
          ) : null}
        </Fieldset.Root>
        <Field.Root maxW="xs">
          <Field.Label>{t('Expires after')}</Field.Label>
          <SelectField
            value={expiry}
            options={EXPIRY_OPTIONS.map((option) => ({ ...option, label: t(option.label) }))}
            onValueChange={setExpiry}
          />
        </Field.Root>
        {problem && !/name/i.test(problem) && problem !== 'Choose at least one scope' ? (
          <Text color="fg.error" fontSize="sm" role="alert">
            {t(problem)}
          </Text>
        ) : null}
        <Button type="submit" alignSelf="start" loading={loading}>
          {t('Create token')}
        </Button>
      </form>
    </Stack>
  );
}
