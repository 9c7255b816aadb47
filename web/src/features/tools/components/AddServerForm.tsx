import { useMutation } from '@apollo/client/react';
import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { failureMessage } from '../../../lib/mutationToast';
import { CreateMcpServerMutation, McpServersQuery } from '../graphql';

/** Connects a server: a short name (its tools reach the model as <name>__<tool>), its URL, an optional token. */
export function AddServerForm() {
  const t = useT();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [create, { loading }] = useMutation(CreateMcpServerMutation, {
    refetchQueries: [McpServersQuery],
    awaitRefetchQueries: true,
  });

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError(null);
    try {
      await create({
        variables: {
          input: { name: name.trim(), url: url.trim(), ...(token.trim() ? { token: token.trim() } : {}) },
        },
      });
      setName('');
      setUrl('');
      setToken('');
    } catch (err) {
      setError(failureMessage(err, t('Could not connect the server')));
    }
  };

  return (
    <Stack asChild gap="4">
      <form onSubmit={(e) => void submit(e)} aria-label={t('Connect an MCP server')} noValidate>
        <Field.Root required invalid={Boolean(error && /name/i.test(error))}>
          <Field.Label>
            {t('Name')} <Field.RequiredIndicator />
          </Field.Label>
          <Input value={name} maxLength={40} placeholder="github" onChange={(e) => setName(e.target.value)} />
          <Field.HelperText>{t('Letters, digits, _ or -.')}</Field.HelperText>
        </Field.Root>
        <Field.Root required invalid={Boolean(error && /url|address|https|host|dns/i.test(error))}>
          <Field.Label>
            {t('Server URL')} <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="url"
            inputMode="url"
            placeholder="https://mcp.example.com/mcp"
            value={url}
            maxLength={2000}
            onChange={(e) => setUrl(e.target.value)}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('Bearer token')}</Field.Label>
          <Input
            type="password"
            autoComplete="off"
            value={token}
            maxLength={4000}
            placeholder={t('Optional')}
            onChange={(e) => setToken(e.target.value)}
          />
          <Field.HelperText>
            {t('Sent as the Authorization header; only its last 4 characters are shown again.')}
          </Field.HelperText>
        </Field.Root>
        {error ? (
          <Text color="fg.error" fontSize="sm" role="alert">
            {error}
          </Text>
        ) : null}
        <Button type="submit" colorPalette="purple" alignSelf="start" loading={loading}>
          {t('Connect server')}
        </Button>
      </form>
    </Stack>
  );
}
