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
import { notifyFailure } from '../../../lib/mutationToast';
import { useAuth } from '../../accounts/session/AuthContext';
import { ActionDialog } from '../components/ActionDialog';
import { formatBytes, formatDateTime, PLAN_LABELS } from '../components/format';
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

const ROLE_OPTIONS = [
  { value: 'user', label: 'User' },
  { value: 'moderator', label: 'Moderator' },
  { value: 'admin', label: 'Admin' },
];

type Action = 'role' | 'suspend' | 'ban' | 'unban' | 'sessions';

/** One account: who, plan and usage, status; and what staff can do to it, each confirmed first. */
export default function UserDetailPage() {
  const { userId = '' } = useParams();
  const { user: me } = useAuth();
  const query = useQuery(AdminUserQuery, { variables: { id: userId }, fetchPolicy: 'cache-and-network' });
  const user = query.data?.admin.user;
  usePageMeta({ title: `${user?.username ?? 'User'} · Console`, description: 'An account of Chorus.' });
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
        <LuArrowLeft aria-hidden="true" /> All users
      </RouterLink>
    </Button>
  );
  if (!user && query.loading) return <PageSpinner label="Loading the user..." />;
  if (!user && query.error)
    return (
      <Stack>
        {back}
        <LoadFailed title="Failed to load the user" onRetry={() => void refetch()} />
      </Stack>
    );
  if (!user)
    return (
      <Stack>
        {back}
        <Heading as="h1" size="2xl">
          User not found
        </Heading>
        <Text color="fg.muted">No account has this id; it may have been deleted.</Text>
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
          {user.email} · {user.emailVerified ? 'verified' : 'not verified'}
        </Text>
      </div>

      {user.status !== 'active' ? (
        <Card.Root variant="subtle" colorPalette={user.status === 'banned' ? 'red' : 'orange'}>
          <Card.Body gap="1">
            <Text fontWeight="semibold">
              {user.status === 'banned' ? 'Banned' : `Suspended until ${formatDateTime(user.suspendedUntil)}`}
            </Text>
            {user.restrictionReason ? <Text>Reason: {user.restrictionReason}</Text> : null}
          </Card.Body>
        </Card.Root>
      ) : null}

      <Card.Root variant="outline">
        <Card.Header>
          <Card.Title as="h2">Account</Card.Title>
        </Card.Header>
        <Card.Body>
          <DataList.Root orientation="horizontal" size="md">
            {[
              ['Plan', PLAN_LABELS[user.plan] ?? user.plan],
              [
                'Used this month',
                `${user.promptsUsed} prompts · ${user.imagesUsed} images · ${user.videosUsed} videos`,
              ],
              ['Storage', formatBytes(user.storageBytes)],
              ['Signed up', formatDateTime(user.createdAt)],
              ['Last active', formatDateTime(user.lastActive)],
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
          <Card.Title as="h2">Actions</Card.Title>
          <Card.Description>Each is recorded in the audit log with your name.</Card.Description>
        </Card.Header>
        <Card.Body gap="6">
          <Stack direction={{ base: 'column', sm: 'row' }} align={{ sm: 'flex-end' }} gap="3">
            <Field.Root width={{ base: 'full', sm: '48' }} disabled={self}>
              <Field.Label>Role</Field.Label>
              <SelectField
                value={chosenRole}
                options={ROLE_OPTIONS}
                onValueChange={setRole}
                disabled={self}
              />
            </Field.Root>
            <Button
              variant="outline"
              disabled={self || chosenRole === user.role}
              onClick={() => setAction('role')}
            >
              Change role
            </Button>
          </Stack>
          {self ? (
            <Text color="fg.muted" fontSize="sm">
              This is you: another admin changes your role, bans or suspends you.
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
                  Suspend
                </Button>
                <Button colorPalette="red" disabled={self} onClick={() => setAction('ban')}>
                  Ban
                </Button>
              </>
            ) : (
              <Button variant="outline" onClick={() => setAction('unban')}>
                {user.status === 'banned' ? 'Unban' : 'End suspension'}
              </Button>
            )}
            <Button variant="outline" onClick={() => setAction('sessions')}>
              End all sessions
            </Button>
            {user.emailVerified ? null : (
              <Button
                variant="outline"
                loading={resending.loading}
                onClick={() =>
                  void run(
                    () => resend({ variables: { userId: user.id } }),
                    'Verification link sent',
                    'Could not send the link',
                  )
                }
              >
                Resend verification
              </Button>
            )}
          </HStack>
          <Link asChild colorPalette="purple" fontSize="sm" alignSelf="flex-start">
            <RouterLink to={`/admin/audit?target=${user.id}`}>What staff did to this account</RouterLink>
          </Link>
        </Card.Body>
      </Card.Root>

      {action === 'role' ? (
        <ActionDialog
          title={`Make ${user.username} ${chosenRole === 'user' ? 'a plain user' : `a ${chosenRole}`}?`}
          description={
            chosenRole === 'user'
              ? 'They lose staff access at once.'
              : chosenRole === 'admin'
                ? 'Admins run this console: users, plans, jobs.'
                : 'Moderators work the reports queue.'
          }
          confirmLabel="Change role"
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
              'Role changed',
              'Could not change the role',
            ).then((done) => {
              if (done) setRole(null);
              return done;
            })
          }
        />
      ) : null}
      {action === 'suspend' ? (
        <ActionDialog
          title={`Suspend ${user.username}?`}
          description="They are signed out everywhere now and can't sign in until the suspension ends."
          confirmLabel="Suspend"
          hours
          reason="required"
          onClose={() => setAction(null)}
          onConfirm={({ reason, hours }) =>
            run(
              () => suspend({ variables: { userId: user.id, hours, reason } }),
              `${user.username} is suspended`,
              'Could not suspend',
            )
          }
        />
      ) : null}
      {action === 'ban' ? (
        <ActionDialog
          title={`Ban ${user.username}?`}
          description="They are signed out everywhere now, can't sign in, and their public content is hidden until they are unbanned."
          confirmLabel="Ban"
          danger
          reason="required"
          onClose={() => setAction(null)}
          onConfirm={({ reason }) =>
            run(
              () => ban({ variables: { userId: user.id, reason } }),
              `${user.username} is banned`,
              'Could not ban',
            )
          }
        />
      ) : null}
      {action === 'unban' ? (
        <ActionDialog
          title={`Lift the ${user.status === 'banned' ? 'ban' : 'suspension'} on ${user.username}?`}
          description="They can sign in again at once."
          confirmLabel={user.status === 'banned' ? 'Unban' : 'End suspension'}
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
              `${user.username} can sign in again`,
              'Could not lift it',
            )
          }
        />
      ) : null}
      {action === 'sessions' ? (
        <ActionDialog
          title={`Sign ${user.username} out everywhere?`}
          description="Every session and open connection of theirs ends now; they can sign in again."
          confirmLabel="End sessions"
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
              'Sessions ended',
              'Could not end the sessions',
            )
          }
        />
      ) : null}
    </Stack>
  );
}
