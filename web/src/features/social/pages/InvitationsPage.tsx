import { useMutation, useQuery } from '@apollo/client/react';
import {
  Badge,
  Box,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  Input,
  Link,
  Progress,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { LuAward, LuLink, LuMail, LuMessageSquareText } from 'react-icons/lu';
import { PageHeading } from '../../../components/PageHeading';
import { notifyError, notifySuccess, showToast } from '../../../components/toaster';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { formatLongDate } from '../../../lib/formatDate';
import { msg, t as translate, useLanguage, useT } from '../../../lib/i18n';
import { notifyFailure } from '../../../lib/mutationToast';
import { isValidEmail } from '../../accounts/accountRules';
import { ShareLinkPanel } from '../components/ShareLinkPanel';
import { InvitationsQuery, SendEmailInvitationMutation, SendSmsInvitationMutation } from '../graphql';

/** Without a mail service the message waits in the local outbox; its preview link shows for 10 s. */
function previewToast(previewUrl: string) {
  showToast({
    type: 'success',
    title: translate('Invitation Sent'),
    description: (
      <>
        {translate('No mail service is set up, so it was kept in the local outbox.')}{' '}
        <Link href={previewUrl} target="_blank" rel="noopener" textDecoration="underline">
          {translate('Preview the message')}
        </Link>
      </>
    ),
    duration: 10_000,
  });
}

function sentToast(previewUrl: string | null | undefined, to: string) {
  if (previewUrl) previewToast(previewUrl);
  else notifySuccess(translate('Invitation Sent'), translate('We sent your invitation to {to}.', { to }));
}

interface Invitation {
  to: string;
  /** Why `to` cannot be sent to, or null when it can. */
  invalid: string | null;
  /** Sends it; answers the outbox preview URL when the message was kept locally. */
  send: () => Promise<string | null | undefined>;
  failure: string;
  /** Empties the form once sent. */
  clear: () => void;
}

/** The email and SMS tabs' submit: checked, sent, confirmed, the form cleared; `onSent` after. */
async function sendInvitation(event: FormEvent, invitation: Invitation, onSent: () => void) {
  event.preventDefault();
  if (invitation.invalid) {
    notifyError(translate('Error'), invitation.invalid);
    return;
  }
  try {
    sentToast(await invitation.send(), invitation.to);
    invitation.clear();
    onSent();
  } catch (e) {
    notifyFailure(translate('Error'), e, invitation.failure);
  }
}

/** One tab's form: its fields, then the send button. */
function InvitationForm({
  onSubmit,
  busy,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4">
        {children}
        <Button type="submit" colorPalette="purple" alignSelf="flex-start" loading={busy}>
          {t('Send Invitation')}
        </Button>
      </Stack>
    </form>
  );
}

/** What the email and SMS tabs ask for: where the invitation goes. */
const RECIPIENT = {
  email: {
    label: msg("Friend's email"),
    type: 'email',
    name: 'invite-email',
    placeholder: 'friend@example.com',
  },
  sms: { label: msg('Phone number'), type: 'tel', name: 'invite-phone', placeholder: '+1 555 010 2030' },
} as const;

function RecipientField({
  channel,
  value,
  onValueChange,
}: {
  channel: keyof typeof RECIPIENT;
  value: string;
  onValueChange: (value: string) => void;
}) {
  const t = useT();
  const { label, ...input } = RECIPIENT[channel];
  return (
    <Field.Root>
      <Field.Label>{t(label)}</Field.Label>
      <Input {...input} value={value} onChange={(e) => onValueChange(e.target.value)} />
    </Field.Root>
  );
}

const statusColor = { pending: 'yellow', accepted: 'green', expired: 'gray' } as Record<string, string>;

/** An invitation's status as shown (capitalized by the badge). */
const STATUS_LABELS: Record<string, string> = {
  pending: msg('pending'),
  accepted: msg('accepted'),
  expired: msg('expired'),
};

export default function InvitationsPage() {
  const t = useT();
  const language = useLanguage();
  usePageMeta({
    title: t('Invite Friends'),
    description: t('Invite friends to Chorus by email, text message or link.'),
  });
  const { data, loading, error, refetch } = useQuery(InvitationsQuery);
  const [sendEmail, { loading: sendingEmail }] = useMutation(SendEmailInvitationMutation);
  const [sendSms, { loading: sendingSms }] = useMutation(SendSmsInvitationMutation);
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [smsText, setSmsText] = useState('');

  useEffect(() => {
    if (error) notifyError(translate('Error'), translate('Failed to fetch invitations'));
  }, [error]);

  const onEmail = (event: FormEvent) => {
    const to = email.trim();
    void sendInvitation(
      event,
      {
        to,
        invalid: isValidEmail(to) ? null : t('Please enter a valid email address'),
        send: async () =>
          (await sendEmail({ variables: { email: to } })).data?.sendEmailInvitation.previewUrl,
        failure: t('Failed to send email invitation'),
        clear: () => setEmail(''),
      },
      () => void refetch(),
    );
  };

  const onSms = (event: FormEvent) => {
    const to = phone.trim();
    void sendInvitation(
      event,
      {
        to,
        invalid: to.length < 10 ? t('Please enter a valid phone number') : null,
        send: async () =>
          (await sendSms({ variables: { phoneNumber: to, message: smsText.trim() || null } })).data
            ?.sendSmsInvitation.previewUrl,
        failure: t('Failed to send SMS invitation'),
        clear: () => {
          setPhone('');
          setSmsText('');
        },
      },
      () => void refetch(),
    );
  };

  const invitations = data?.invitations ?? [];
  const referrals = data?.referrals;

  return (
    <>
      <PageHeading
        title={t('Invite Friends')}
        description={t('Bring your friends to Chorus and earn referral rewards.')}
      />
      <Stack gap="6">
        <Card.Root>
          <Card.Body pt="2">
            <Tabs.Root defaultValue="email" variant="line" lazyMount unmountOnExit>
              <Tabs.List overflowX="auto" mb="4">
                <Tabs.Trigger value="email">
                  <LuMail aria-hidden="true" /> {t('Email')}
                </Tabs.Trigger>
                <Tabs.Trigger value="sms">
                  <LuMessageSquareText aria-hidden="true" /> SMS
                </Tabs.Trigger>
                <Tabs.Trigger value="link">
                  <LuLink aria-hidden="true" /> {t('Share Link')}
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="email">
                <InvitationForm onSubmit={onEmail} busy={sendingEmail}>
                  <RecipientField channel="email" value={email} onValueChange={setEmail} />
                </InvitationForm>
              </Tabs.Content>
              <Tabs.Content value="sms">
                <InvitationForm onSubmit={onSms} busy={sendingSms}>
                  <RecipientField channel="sms" value={phone} onValueChange={setPhone} />
                  <Field.Root>
                    <Field.Label>{t('Message (optional)')}</Field.Label>
                    <Textarea
                      name="invite-message"
                      maxLength={300}
                      placeholder={t('Join me on Chorus!')}
                      value={smsText}
                      onChange={(e) => setSmsText(e.target.value)}
                    />
                    <Field.HelperText>{t('Your invitation link is added at the end.')}</Field.HelperText>
                  </Field.Root>
                </InvitationForm>
              </Tabs.Content>
              <Tabs.Content value="link">
                <ShareLinkPanel onGenerated={() => void refetch()} />
              </Tabs.Content>
            </Tabs.Root>
          </Card.Body>
        </Card.Root>

        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
          <Card.Root>
            <Card.Header>
              <Heading size="md">{t('Sent Invitations')}</Heading>
            </Card.Header>
            <Card.Body>
              {loading && !data ? (
                <Text color="fg.muted">{t('Loading invitations...')}</Text>
              ) : invitations.length === 0 ? (
                <Text color="fg.muted">{t('No invitations yet. Send one above.')}</Text>
              ) : (
                <Box as="ul" listStyleType="none" m="0" p="0" aria-label={t('Sent invitations')}>
                  {invitations.map((inv) => (
                    <HStack
                      as="li"
                      key={inv.id}
                      justify="space-between"
                      py="2"
                      borderBottomWidth="1px"
                      gap="3"
                    >
                      <Box minW="0">
                        <Text truncate>{inv.email ?? inv.phone ?? t('Invitation link')}</Text>
                        <Text fontSize="xs" color="fg.muted">
                          {inv.type === 'app' ? t('Link') : inv.type.toUpperCase()} ·{' '}
                          {formatLongDate(inv.createdAt, false, language)}
                        </Text>
                      </Box>
                      <Badge colorPalette={statusColor[inv.status] ?? 'gray'} textTransform="capitalize">
                        {STATUS_LABELS[inv.status] ? t(STATUS_LABELS[inv.status] as string) : inv.status}
                      </Badge>
                    </HStack>
                  ))}
                </Box>
              )}
            </Card.Body>
          </Card.Root>

          <Card.Root>
            <Card.Header>
              <Heading size="md">{t('Referral Rewards')}</Heading>
              {referrals ? (
                <Text fontSize="sm" color="fg.muted">
                  {t('{count, plural, one {# friend joined} other {# friends joined}}', {
                    count: referrals.friendsJoined,
                  })}{' '}
                  · {t('{points} points', { points: referrals.points })}
                </Text>
              ) : null}
            </Card.Header>
            <Card.Body>
              <Stack gap="5">
                {(referrals?.rewards ?? []).map((reward) => (
                  <Stack key={reward.id} gap="2" data-testid={`reward-${reward.id}`}>
                    <HStack justify="space-between">
                      <HStack gap="2">
                        <Box color={reward.unlocked ? 'yellow.500' : 'fg.subtle'}>
                          <LuAward aria-hidden="true" />
                        </Box>
                        <Text fontWeight="semibold">{reward.name}</Text>
                      </HStack>
                      <Badge colorPalette={reward.unlocked ? 'green' : 'gray'}>
                        {reward.unlocked ? t('Unlocked') : `${reward.progress}/${reward.required}`}
                      </Badge>
                    </HStack>
                    <Text fontSize="sm" color="fg.muted">
                      {reward.description}
                    </Text>
                    <Progress.Root
                      value={(reward.progress / reward.required) * 100}
                      colorPalette={reward.unlocked ? 'green' : 'purple'}
                      size="sm"
                      translations={{
                        value: () =>
                          t('{name}: {progress} of {required}', {
                            name: reward.name,
                            progress: reward.progress,
                            required: reward.required,
                          }),
                      }}
                    >
                      <Progress.Track>
                        <Progress.Range />
                      </Progress.Track>
                    </Progress.Root>
                  </Stack>
                ))}
              </Stack>
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
      </Stack>
    </>
  );
}
