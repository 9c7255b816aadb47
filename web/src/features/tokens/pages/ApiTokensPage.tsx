import { Button, Heading, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeading } from '../../../components/PageHeading';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { useT } from '../../../lib/i18n';
import { CreateTokenForm } from '../components/CreateTokenForm';
import { HowToUse } from '../components/HowToUse';
import { NewTokenSecret } from '../components/NewTokenSecret';
import { TokenList } from '../components/TokenList';

/**
 * /settings/tokens: personal API tokens (schema/tokens.graphql). Create one (its secret shown once),
 * see and revoke yours, and how to use them. Drawn by AccountLayout, reached from Settings.
 */
export default function ApiTokensPage() {
  const t = useT();
  usePageMeta({
    title: t('API tokens'),
    description: t(
      'Personal API tokens that let your scripts use Chorus as you, with the scopes you choose.',
    ),
  });
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  return (
    <Stack gap="2">
      <Button asChild size="sm" variant="ghost" alignSelf="start">
        <RouterLink to="/settings">
          <LuArrowLeft aria-hidden="true" /> {t('Settings')}
        </RouterLink>
      </Button>
      <PageHeading
        title={t('API tokens')}
        description={t('Let your scripts use Chorus as you, with only the access you choose.')}
      />
      <Stack gap="10">
        <Stack as="section" aria-labelledby="create-token-heading" gap="4">
          <Heading as="h2" id="create-token-heading" size="lg">
            {t('Create a token')}
          </Heading>
          {created ? (
            <NewTokenSecret name={created.name} secret={created.secret} onDone={() => setCreated(null)} />
          ) : null}
          <CreateTokenForm onCreated={(name, secret) => setCreated({ name, secret })} />
        </Stack>
        <Stack as="section" aria-labelledby="tokens-heading" gap="4">
          <Heading as="h2" id="tokens-heading" size="lg">
            {t('Your tokens')}
          </Heading>
          <TokenList />
        </Stack>
        <HowToUse />
      </Stack>
    </Stack>
  );
}
