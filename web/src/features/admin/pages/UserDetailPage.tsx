import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Card, DataList, Field, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { SelectField } from '../../../components/forms/SelectField';
import { LoadFailed } from '../../../components/LoadFailed';
import { PageSpinner } from '../../../components/PageSpinner';
import { notifySuccess } from '../../../components/toaster';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { msg, useT } from '../../../lib/i18n';
import { notifyFailure } from '../../../lib/mutationToast';
import { useAuth } from '../../accounts/session/AuthContext';
import { ActionDialog } from '../components/ActionDialog';
import { formatBytes, formatDateTime, planLabel } from '../components/format';
import { RoleBadge, StatusBadge } from '../components/StatusBadge';
import {
  AdminUserQuery,
  BanUserMutation,
  EndUserSessionsMutation,
  ResendVerificationMutation,
  SetRoleMutation,
  SuspendUserMutation,
  UnbanUserMutation,
} from '../graphql';

/** The roles staff can give (translated where drawn). */
const ROLE_OPTIONS = [
  { value: 'user', label: msg('User') },
  { value: 'moderator', label: msg('Moderator') },
  { value: 'admin', label: msg('Admin') },
];

type Action = 'role' | 'suspend' | 'ban' | 'unban' | 'sessions';

/** One account: who, plan and usage, status; and what staff can do to it, each confirmed first. */
export default function UserDetailPage() {
  const { userId = '' } = useParams();
  const { user: me } = useAuth();
  const t = useT();
  const query = useQuery(AdminUserQuery, { variables: { id: userId }, fetchPolicy: 'cache-and-network' });
  const user = query.data?.admin.user;
  usePageMeta({
    title: user ? t('{username} · Console', { username: user.username }) : t('User · Console'),
    description: t('An account of Chorus.'),
  });
  const [action, setAction] = useState<Action | null>(null);
  const [role, setRole] = useState<string | null>(null);
  const refetch = () => query.refetch().catch(() => {});
  const [setRoleMutation] = useMutation(SetRoleMutation);
  const [ban] = useMutation(BanUserMutation);
  const [suspend] = useMutation(SuspendUserMutation);
  const [unban] = useMutation(UnbanUserMutation);
  const [endSessions] = useMutation(EndUserSessionsMutation);
  const [resend, resending] = useMutation(ResendVerificationMutation);

  const back = (
    <Button asChild variant="ghost" size="sm" alignSelf="flex-start" mb="2">
      <RouterLink to="/admin/users">
        <LuArrowLeft aria-hidden="true" /> {t('All users')}
      </RouterLink>
    </Button>
  );
  if (!user && query.loading) return <PageSpinner label={t('Loading the user...')} />;
  if (!user && query.error)
    return (
      <Stack>
        {back}
        <LoadFailed title={t('Failed to load the user')} onRetry={() => void refetch()} />
      </Stack>
    );
  if (!user)
    return (
      <Stack>
        {back}
        <Heading as="h1" size="2xl">
          {t('User not found')}
        </Heading>
        <Text color="fg.muted">{t('No account has this id; it may have been deleted.')}</Text>
      </Stack>
    );

  const self = me?.id === user.id;
  const chosenRole = role ?? user.role;
  // An empty optional reason is left out (undefined), never sent as null: setRole and unbanUser read
  // a null as a reason given, and refuse it.
  /** Runs one action, toasts how it went, and reads the user again. */
  const run = async (work: () => Promise<unknown>, success: string, failure: string) => {
    try {
      await work();
      notifySuccess(success);
      await refetch();
      return true;
    } catch (error) {
      notifyFailure(failure, error);
      return false;
    }
  };

  return (
    <Stack gap="6">
      <div>
        {back}
        <HStack gap="3" wrap="wrap">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} wordBreak="break-all">
            {user.username}
          </Heading>
          <StatusBadge status={user.status} />
          <RoleBadge role={user.role} />
        </HStack>
        <Text color="fg.muted" wordBreak="break-all">
          {user.email} · {user.emailVerified ? t('verified') : t('not verified')}
        </Text>
      </div>

      {user.status !== 'active' ? (
        <Card.Root variant="subtle" colorPalette={user.status === 'banned' ? 'red' : 'orange'}>
          <Card.Body gap="1">
            <Text fontWeight="semibold">
              {user.status === 'banned'
                ? t('Banned')
                : t('Suspended until {date}', { date: formatDateTime(user.suspendedUntil) })}
            </Text>
            {user.restrictionReason ? (
              <Text>{t('Reason: {reason}', { reason: user.restrictionReason })}</Text>
            ) : null}
          </Card.Body>
        </Card.Root>
      ) : null}

      <Card.Root variant="outline">
        <Card.Header>
          <Card.Title as="h2">{t('Account')}</Card.Title>
        </Card.Header>
        <Card.Body>
          <DataList.Root orientation="horizontal" size="md">
            {[
              [t('Plan'), planLabel(user.plan, t)],
              [
                t('Used this month'),
                t(
                  '{prompts, plural, one {# prompt} other {# prompts}} · {images, plural, one {# image} other {# images}} · {videos, plural, one {# video} other {# videos}}',
                  { prompts: user.promptsUsed, images: user.imagesUsed, videos: user.videosUsed },
                ),
              ],
              [t('Storage'), formatBytes(user.storageBytes)],
              [t('Signed up'), formatDateTime(user.createdAt)],
              [t('Last active'), formatDateTime(user.lastActive)],
            ].map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel minW="36">{label}</DataList.ItemLabel>
                <DataList.ItemValue>{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Card.Body>
      </Card.Root>

      <Card.Root variant="outline">
        <Card.Header>
          <Card.Title as="h2">{t('Actions')}</Card.Title>
          <Card.Description>{t('Each is recorded in the audit log with your name.')}</Card.Description>
        </Card.Header>
        <Card.Body gap="6">
          <Stack direction={{ base: 'column', sm: 'row' }} align={{ sm: 'flex-end' }} gap="3">
            <Field.Root width={{ base: 'full', sm: '48' }} disabled={self}>
              <Field.Label>{t('Role')}</Field.Label>
              <SelectField
                value={chosenRole}
                options={ROLE_OPTIONS.map((o) => ({ value: o.value, label: t(o.label) }))}
                onValueChange={setRole}
                disabled={self}
              />
            </Field.Root>
            <Button
              variant="outline"
              disabled={self || chosenRole === user.role}
              onClick={() => setAction('role')}
            >
              {t('Change role')}
            </Button>
          </Stack>
          {self ? (
            <Text color="fg.muted" fontSize="sm">
              {t('This is you: another admin changes your role, bans or suspends you.')}
            </Text>
          ) : null}
          <HStack gap="3" wrap="wrap">
            {user.status === 'active' ? (
              <>
                <Button
                  variant="outline"
                  colorPalette="orange"
                  disabled={self}
                  onClick={() => setAction('suspend')}
                >
                  {t('Suspend')}
                </Button>
                <Button colorPalette="red" disabled={self} onClick={() => setAction('ban')}>
                  {t('Ban')}
                </Button>
              </>
            ) : (
              <Button variant="outline" onClick={() => setAction('unban')}>
                {user.status === 'banned' ? t('Unban') : t('End suspension')}
              </Button>
            )}
            <Button variant="outline" onClick={() => setAction('sessions')}>
              {t('End all sessions')}
            </Button>
            {user.emailVerified ? null : (
              <Button
                variant="outline"
                loading={resending.loading}
                onClick={() =>
                  void run(
                    () => resend({ variables: { userId: user.id } }),
                    t('Verification link sent'),
                    t('Could not send the link'),
                  )
                }
              >
                {t('Resend verification')}
              </Button>
            )}
          </HStack>
          <Link asChild colorPalette="purple" fontSize="sm" alignSelf="flex-start">
            <RouterLink to={`/admin/audit?target=${user.id}`}>
              {t('What staff did to this account')}
            </RouterLink>
          </Link>
        </Card.Body>
      </Card.Root>

      {action === 'role' ? (
        <ActionDialog
          title={
            chosenRole === 'user'
              ? t('Make {username} a plain user?', { username: user.username })
              : chosenRole === 'admin'
                ? t('Make {username} an admin?', { username: user.username })
                : t('Make {username} a moderator?', { username: user.username })
          }
          description={
            chosenRole === 'user'
              ? t('They lose staff access at once.')
              : chosenRole === 'admin'
                ? t('Admins run this console: users, plans, jobs.')
                : t('Moderators work the reports queue.')
          }
          confirmLabel={t('Change role')}
          reason="optional"
          onClose={() => setAction(null)}
          onConfirm={({ reason }) =>
            run(
              () =>
                setRoleMutation({
                  variables: {
                    username: user.username,
                    role: chosenRole,
                    reason: reason || undefined,
                  },
                }),
              t('Role changed'),
              t('Could not change the role'),
            ).then((done) => {
              if (done) setRole(null);
              return done;
            })
          }
        />
      ) : null}
      {action === 'suspend' ? (
        <ActionDialog
          title={t('Suspend {username}?', { username: user.username })}
          description={t("They are signed out everywhere now and can't sign in until the suspension ends.")}
          confirmLabel={t('Suspend')}
          hours
          reason="required"
          onClose={() => setAction(null)}
          onConfirm={({ reason, hours }) =>
            run(
              () => suspend({ variables: { userId: user.id, hours, reason } }),
              t('{username} is suspended', { username: user.username }),
              t('Could not suspend'),
            )
          }
        />
      ) : null}
      {action === 'ban' ? (
        <ActionDialog
          title={t('Ban {username}?', { username: user.username })}
          description={t(
            "They are signed out everywhere now, can't sign in, and their public content is hidden until they are unbanned.",
          )}
          confirmLabel={t('Ban')}
          danger
          reason="required"
          onClose={() => setAction(null)}
          onConfirm={({ reason }) =>
            run(
              () => ban({ variables: { userId: user.id, reason } }),
              t('{username} is banned', { username: user.username }),
              t('Could not ban'),
            )
          }
        />
      ) : null}
      {action === 'unban' ? (
        <ActionDialog
          title={
            user.status === 'banned'
              ? t('Lift the ban on {username}?', { username: user.username })
              : t('Lift the suspension on {username}?', { username: user.username })
          }
          description={t('They can sign in again at once.')}
          confirmLabel={user.status === 'banned' ? t('Unban') : t('End suspension')}
          reason="optional"
          onClose={() => setAction(null)}
          onConfirm={({ reason }) =>
            run(
              () =>
                unban({
                  variables: {
                    userId: user.id,
                    reason: reason || undefined,
                  },
                }),
              t('{username} can sign in again', { username: user.username }),
              t('Could not lift it'),
            )
          }
        />
      ) : null}
      {action === 'sessions' ? (
        <ActionDialog
          title={t('Sign {username} out everywhere?', { username: user.username })}
          description={t('Every session and open connection of theirs ends now; they can sign in again.')}
          confirmLabel={t('End sessions')}
          reason="optional"
          onClose={() => setAction(null)}
          onConfirm={({ reason }) =>
            run(
              () =>
                endSessions({
                  variables: {
                    userId: user.id,
                    reason: reason || undefined,
                  },
                }),
              t('Sessions ended'),
              t('Could not end the sessions'),
            )
          }
        />
      ) : null}
    </Stack>
  );
}
