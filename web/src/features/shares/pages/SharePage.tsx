import { Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuLink2Off, LuMessageSquarePlus } from 'react-icons/lu';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { AnswerText } from '../../../components/conversation/AnswerText';
import { AssistantAvatar } from '../../../components/conversation/AssistantAvatar';
import { AnswerBubble, ImageThumbLink, PromptBubble } from '../../../components/conversation/Bubbles';
import { Sources } from '../../../components/conversation/Sources';
import { PageSpinner } from '../../../components/PageSpinner';
import { notifyError } from '../../../components/toaster';
import { useApiQuery } from '../../../hooks/useApiQuery';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { ApiError } from '../../../lib/api';
import { msg, t as translate, useT } from '../../../lib/i18n';
import { useAuth } from '../../accounts/session/AuthContext';
import { SIGN_UP_FREE } from '../../accounts/signUpLinks';
import { InviteCallout, NotFoundPage } from '../../video/components/EmptyNotice';
import { SharedOnLine } from '../components/ShareDateLines';
import { SharedCompare } from '../components/SharedCompare';
import {
  continueSharedChat,
  fetchSharedChat,
  type SharedDocument,
  type SharedMessage,
  sharedChatKey,
} from '../sharedChat';

const GENERIC_DESCRIPTION = msg('A conversation with AI assistants, shared from Chorus.');

/** An assistant the catalogue no longer lists goes by its id ("gpt" → "Gpt"). */
const nameOf = (message: SharedMessage) =>
  message.assistantName ??
  (message.model ? message.model.charAt(0).toUpperCase() + message.model.slice(1) : translate('Assistant'));

/** The chat's canvas documents as they were, read only: prose as Markdown, code highlighted. */
function SharedDocuments({ documents }: { documents: readonly SharedDocument[] }) {
  const t = useT();
  if (documents.length === 0) return null;
  return (
    <Stack as="section" aria-labelledby="shared-documents" gap="3">
      <Heading as="h2" id="shared-documents" size="md">
        {t('Documents')}
      </Heading>
      {documents.map((document, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the snapshot never changes.
        <Stack key={index} as="article" gap="2" borderWidth="1px" borderRadius="l2" p="4" minW="0">
          <Heading as="h3" size="sm" wordBreak="break-word" dir="auto">
            {document.title}
          </Heading>
          <AnswerText
            text={
              document.kind === 'code'
                ? `\`\`\`\`${document.language ?? ''}\n${document.content}\n\`\`\`\``
                : document.content
            }
          />
        </Stack>
      ))}
    </Stack>
  );
}

function SharedImages({ message }: { message: SharedMessage }) {
  const t = useT();
  if (message.images.length === 0) return null;
  return (
    <HStack gap="2" wrap="wrap" justify={message.role === 'user' ? 'flex-end' : 'flex-start'}>
      {message.images.map((url, index) => (
        <ImageThumbLink
          key={url}
          src={url}
          alt={t('Image {number}', { number: index + 1 })}
          openLabel={t('Open image {number} in a new tab', { number: index + 1 })}
        />
      ))}
    </HStack>
  );
}

/**
 * One turn, drawn like the chat: the prompt in a bubble on the right, the answer as Markdown; a
 * compare's prompt with its answers side by side below it.
 */
function SharedTurn({ message, answerId }: { message: SharedMessage; answerId: string }) {
  const t = useT();
  if (message.role === 'user') {
    return (
      <Stack gap="3">
        <Stack as="article" aria-label={t('Prompt')} align="flex-end" gap="1">
          <SharedImages message={message} />
          <PromptBubble>{message.content}</PromptBubble>
        </Stack>
        {message.compare ? <SharedCompare compare={message.compare} /> : null}
      </Stack>
    );
  }
  const name = nameOf(message);
  const color = message.assistantColor ?? '#4b5563';
  return (
    <HStack as="article" aria-label={t('Answer from {name}', { name })} align="flex-start" gap="3">
      <AssistantAvatar color={color} initial={name.charAt(0)} />
      <Stack gap="1" flex="1" minW="0">
        <Text fontSize="sm" fontWeight="semibold">
          {name}
        </Text>
        <SharedImages message={message} />
        {message.content ? (
          <AnswerBubble className="answer" edgeColor={color} roundedTopLeft="sm" maxW="full">
            <AnswerText
              text={message.content}
              answerId={answerId}
              sourceCount={message.sources?.length ?? 0}
            />
            <Sources answerId={answerId} sources={message.sources ?? []} />
          </AnswerBubble>
        ) : null}
      </Stack>
    </HStack>
  );
}

/** Signed in: continue as your own chat. Otherwise: sign up (or log in) to do so. */
function ContinuePanel({ token }: { token: string }) {
  const t = useT();
  const { status } = useAuth();
  const navigate = useNavigate();
  const [starting, setStarting] = useState(false);
  const start = async () => {
    setStarting(true);
    try {
      const chat = await continueSharedChat(token);
      navigate(`/chat/${chat.id}`);
    } catch (e) {
      setStarting(false);
      if (e instanceof ApiError && e.status === 401)
        notifyError(translate('Please Log In'), translate('Sign in to continue this chat.'));
      else if (e instanceof ApiError && e.status === 404)
        notifyError(translate('Link revoked'), translate('This shared chat is no longer available.'));
      else notifyError(translate('Error'), translate('Could not continue this chat'));
    }
  };
  return (
    <InviteCallout headingId="continue-heading" p={{ base: '5', md: '6' }}>
      <Heading as="h2" id="continue-heading" size="md">
        {status === 'signedIn' ? t('Pick up where they left off') : t('Chat with these assistants yourself')}
      </Heading>
      <Text color="fg.muted">
        {status === 'signedIn'
          ? t('Continue this chat as your own: a copy goes into your chats, and the original stays as it is.')
          : t(
              'Create a free Chorus account to continue this chat and talk with GPT, Claude, Gemini and more.',
            )}
      </Text>
      {status === 'signedIn' ? (
        <Button alignSelf="flex-start" loading={starting} onClick={() => void start()}>
          <LuMessageSquarePlus aria-hidden="true" /> {t('Continue this chat')}
        </Button>
      ) : (
        <HStack gap="3" wrap="wrap">
          <Button asChild>
            <RouterLink to={SIGN_UP_FREE}>{t('Sign up free')}</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to="/login">{t('Log in')}</RouterLink>
          </Button>
        </HStack>
      )}
    </InviteCallout>
  );
}

/** /share/{token}: a read-only snapshot of someone's chat, for anyone with the link. */
export default function SharePage() {
  const t = useT();
  const { token = '' } = useParams();
  const { data, loading, error } = useApiQuery(sharedChatKey(token), (signal) =>
    fetchSharedChat(token, signal),
  );
  const first = data?.messages
    .find((m) => m.content.trim())
    ?.content.replace(/\s+/g, ' ')
    .trim();
  usePageMeta({
    title: data?.title ?? (error ? t('Shared Chat Not Found') : t('Shared chat')),
    description: first ? first.slice(0, 200) : t(GENERIC_DESCRIPTION),
  });
  if (!data && loading) return <PageSpinner label={t('Loading shared chat...')} />;
  if (!data) {
    return (
      <NotFoundPage
        title={t('Shared Chat Not Found')}
        description={t('This shared chat does not exist or its link was revoked.')}
        icon={<LuLink2Off aria-hidden="true" />}
      />
    );
  }
  // Compared answers stand side by side: a chat with a compare gets the room for them.
  const wide = data.messages.some((m) => m.compare);
  return (
    <Container maxW={wide ? '5xl' : '3xl'} py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <Stack gap="1">
          <Text fontSize="sm" color="fg.muted">
            {t('Shared chat')}
          </Text>
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }} wordBreak="break-word" dir="auto">
            {data.title}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            <SharedOnLine iso={data.createdAt} />
          </Text>
        </Stack>
        <Stack as="section" aria-label={t('Transcript')} gap="5" data-testid="shared-transcript">
          {data.messages.length === 0 ? (
            <Text color="fg.muted">{t('This chat had no messages yet.')}</Text>
          ) : null}
          {data.messages.map((message, index) => (
            // The snapshot never changes: a message's place in it is its identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <SharedTurn key={index} message={message} answerId={`shared-${index}`} />
          ))}
        </Stack>
        <SharedDocuments documents={data.documents ?? []} />
        <ContinuePanel token={token} />
      </Stack>
    </Container>
  );
}
