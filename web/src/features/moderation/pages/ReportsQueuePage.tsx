import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Card, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { LuArrowLeft, LuExternalLink, LuFlag } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import NotFoundPage from '../../../app/NotFoundPage';
import { AppDialog } from '../../../components/AppDialog';
import { LoadFailed } from '../../../components/LoadFailed';
import { LocalLongDate } from '../../../components/LocalFormat';
import { Notice } from '../../../components/Notice';
import { PageHeading } from '../../../components/PageHeading';
import { PageSpinner } from '../../../components/PageSpinner';
import { notifySuccess } from '../../../components/toaster';
import type { ReportQueueQuery as ReportQueue } from '../../../graphql/__generated__/graphql';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { notifyFailure } from '../../../lib/mutationToast';
import { ModerateMutation, ReportQueueQuery, StaffRoleQuery } from '../graphql';
import { reasonLabel } from '../reasons';

type Group = ReportQueue['admin']['reports']['groups'][number];
type Action = 'hide' | 'restore' | 'delete' | 'dismiss' | 'warn' | 'suspend' | 'ban';

const TARGET_NAMES: Record<string, string> = {
  post: 'Video',
  user: 'Profile',
  message: 'Message',
  comment: 'Comment',
  assistant: 'Assistant',
};
/** What people wrote is quoted as it was (a message, a comment). */
const QUOTED = new Set(['message', 'comment']);
const OUTCOMES: Record<string, string> = {
  hide: 'Hidden',
  restore: 'Restored',
  delete: 'Deleted',
  dismiss: 'Dismissed',
  warn: 'Owner warned',
  suspend: 'Owner suspended',
  ban: 'Owner banned',
};
const DONE: Record<Action, string> = {
  hide: 'Hidden from everyone but its owner.',
  restore: 'Visible again.',
  delete: 'Deleted.',
  dismiss: 'Reports dismissed.',
  warn: 'The owner was e-mailed a warning.',
  suspend: 'The owner is suspended for 72 hours.',
  ban: 'The owner is banned.',
};
/** Actions that can't be undone from here ask first. */
const CONFIRM: Partial<Record<Action, string>> = {
  delete: 'Delete it for good? Its owner loses it too; this cannot be undone.',
  ban: 'Ban the owner? They are signed out everywhere and cannot sign in until an admin unbans them.',
};

function GroupCard({ group, resolved, onDone }: { group: Group; resolved: boolean; onDone: () => void }) {
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState<Action | null>(null);
  const [moderate, { loading }] = useMutation(ModerateMutation);
  const [busy, setBusy] = useState<Action | null>(null);
  const noteId = useId();
  const headingId = useId();
  const { content } = group;

  const act = async (action: Action) => {
    setConfirming(null);
    setBusy(action);
    try {
      await moderate({ variables: { reportId: group.reportId, action, note: note.trim() || null } });
      notifySuccess(OUTCOMES[action] ?? 'Done', DONE[action]);
      onDone();
    } catch (e) {
      notifyFailure('Error', e, 'Could not apply the action');
    } finally {
      setBusy(null);
    }
  };
  const ask = (action: Action) => (CONFIRM[action] ? setConfirming(action) : void act(action));
  const button = (action: Action, label: string, palette?: string) => (
    <Button
      size="sm"
      variant={palette ? 'solid' : 'outline'}
      colorPalette={palette}
      loading={busy === action}
      disabled={loading && busy !== action}
      onClick={() => ask(action)}
    >
      {label}
    </Button>
  );

  return (
    <Card.Root as="article" aria-labelledby={headingId} variant="outline">
      <Card.Body gap="3" p={{ base: '3', md: '4' }}>
        <HStack gap="2" flexWrap="wrap" align="center">
          <Badge colorPalette="purple" variant="subtle">
            {TARGET_NAMES[group.targetType] ?? group.targetType}
          </Badge>
          <Text as="h2" id={headingId} fontWeight="semibold" wordBreak="break-word">
            {group.reporters} {group.reporters === 1 ? 'report' : 'reports'}
            {group.owner ? ` · @${group.owner.username}` : ''}
          </Text>
          {group.hidden ? (
            <Badge colorPalette="red" variant="solid" bg="colorPalette.700">
              Hidden
            </Badge>
          ) : null}
          {group.outcome ? (
            <Badge colorPalette="gray" variant="subtle">
              {OUTCOMES[group.outcome] ?? group.outcome}
            </Badge>
          ) : null}
        </HStack>

        <HStack align="start" gap="3">
          {content.imageUrl && group.targetType === 'post' ? (
            // A plain img: Chakra's Image here would split it out of the community page's chunk (its budget).
            <Box
              asChild
              w={{ base: '24', md: '40' }}
              aspectRatio={16 / 9}
              objectFit="cover"
              rounded="md"
              bg="bg.muted"
              flexShrink={0}
            >
              <img src={content.imageUrl} alt={`Poster of ${content.title ?? 'the video'}`} />
            </Box>
          ) : null}
          <Stack gap="1" minW="0">
            {!content.exists ? <Text color="fg.muted">This content is gone (deleted since).</Text> : null}
            {content.title ? (
              <Text fontWeight="medium" wordBreak="break-word" dir="auto">
                {content.title}
              </Text>
            ) : null}
            {content.text ? (
              <Box
                as={QUOTED.has(group.targetType) ? 'blockquote' : 'div'}
                fontSize="sm"
                color={QUOTED.has(group.targetType) ? undefined : 'fg.muted'}
                borderStartWidth={QUOTED.has(group.targetType) ? '3px' : undefined}
                ps={QUOTED.has(group.targetType) ? '3' : undefined}
                lineClamp={4}
                wordBreak="break-word"
                whiteSpace="pre-wrap"
                dir="auto"
              >
                {content.text}
              </Box>
            ) : null}
            {content.url && !group.hidden ? (
              <Button asChild size="xs" variant="ghost" alignSelf="start">
                <RouterLink to={content.url}>
                  <LuExternalLink aria-hidden="true" /> Open its page
                </RouterLink>
              </Button>
            ) : null}
          </Stack>
        </HStack>

        <HStack gap="2" flexWrap="wrap">
          {group.reasons.map((r) => (
            <Badge key={r.reason} variant="outline">
              {reasonLabel(r.reason)}
              {r.count > 1 ? ` ×${r.count}` : ''}
            </Badge>
          ))}
        </HStack>
        {group.notes.length ? (
          <Stack as="ul" gap="1" fontSize="sm" ps="4" listStyleType="disc">
            {group.notes.map((n, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: notes are plain texts in a fixed order.
              <li key={i}>
                <Text as="span" wordBreak="break-word" dir="auto">
                  “{n}”
                </Text>
              </li>
            ))}
          </Stack>
        ) : null}
        {group.hiddenReason ? (
          <Text fontSize="sm" color="fg.muted">
            Hidden: {group.hiddenReason}
          </Text>
        ) : null}
        <Text fontSize="xs" color="fg.muted">
          First reported <LocalLongDate iso={group.firstReportedAt} />
        </Text>
        {resolved && group.outcomeNote ? <Text fontSize="sm">Note: {group.outcomeNote}</Text> : null}

        {resolved ? null : (
          <Stack gap="2">
            <label htmlFor={noteId}>
              <Text as="span" fontSize="sm" fontWeight="medium">
                Note (the owner sees it with a hide or a warning)
              </Text>
            </label>
            <Textarea
              id={noteId}
              size="sm"
              rows={2}
              maxLength={1000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
            <HStack gap="2" flexWrap="wrap">
              {group.hidden ? button('restore', 'Restore') : button('hide', 'Hide', 'orange')}
              {button('dismiss', 'Dismiss')}
              {group.owner ? button('warn', 'Warn owner') : null}
              {group.owner ? button('suspend', 'Suspend 72 h') : null}
              {group.owner ? button('ban', 'Ban owner', 'red') : null}
              {group.targetType !== 'user' && content.exists ? button('delete', 'Delete', 'red') : null}
            </HStack>
          </Stack>
        )}
      </Card.Body>
      {confirming ? (
        <AppDialog
          role="alertdialog"
          closeButton={false}
          title={confirming === 'ban' ? `Ban @${group.owner?.username}?` : 'Delete it?'}
          onClose={() => setConfirming(null)}
          footer={
            <>
              <Button variant="outline" onClick={() => setConfirming(null)}>
                Cancel
              </Button>
              <Button colorPalette="red" onClick={() => void act(confirming)}>
                {confirming === 'ban' ? 'Ban' : 'Delete'}
              </Button>
            </>
          }
        >
          <Text>{CONFIRM[confirming]}</Text>
        </AppDialog>
      ) : null}
    </Card.Root>
  );
}

function Queue({ status }: { status: 'open' | 'resolved' }) {
  const { data, loading, error, refetch, fetchMore } = useQuery(ReportQueueQuery, {
    variables: { status, first: 20 },
    fetchPolicy: 'cache-and-network',
  });
  const [more, setMore] = useState(false);
  if (error && !data) return <LoadFailed title="Could not load the reports" onRetry={() => void refetch()} />;
  if (!data) return loading ? <PageSpinner label="Loading reports..." /> : null;
  const { groups, nextCursor } = data.admin.reports;
  if (!groups.length)
    return (
      <Notice
        status="info"
        title={status === 'open' ? 'Nothing to review' : 'No resolved reports yet'}
        description={
          status === 'open' ? 'New reports show up here, grouped by what was reported.' : undefined
        }
      />
    );
  return (
    <Stack gap="4">
      {groups.map((g) => (
        <GroupCard
          key={`${g.targetType}:${g.targetId}`}
          group={g}
          resolved={status === 'resolved'}
          onDone={() => void refetch()}
        />
      ))}
      {nextCursor ? (
        <Button
          variant="outline"
          alignSelf="center"
          loading={more}
          onClick={async () => {
            setMore(true);
            try {
              await fetchMore({
                variables: { after: nextCursor },
                updateQuery: (prev, { fetchMoreResult }) => ({
                  admin: {
                    ...fetchMoreResult.admin,
                    reports: {
                      ...fetchMoreResult.admin.reports,
                      groups: [...prev.admin.reports.groups, ...fetchMoreResult.admin.reports.groups],
                    },
                  },
                }),
              });
            } finally {
              setMore(false);
            }
          }}
        >
          Load more
        </Button>
      ) : null}
    </Stack>
  );
}

/** /admin/reports: reports grouped by what they report, with the content and the actions (moderators and admins). */
export default function ReportsQueuePage() {
  usePageMeta({ title: 'Reports', description: 'The moderation queue.' });
  const me = useQuery(StaffRoleQuery);
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  if (me.loading && !me.data) return <PageSpinner label="Loading..." />;
  const role = me.data?.me?.role;
  if (role !== 'moderator' && role !== 'admin') return <NotFoundPage />;
  return (
    <Stack gap="5">
      <Button asChild size="sm" variant="ghost" alignSelf="start">
        <RouterLink to="/admin">
          <LuArrowLeft aria-hidden="true" /> Admin
        </RouterLink>
      </Button>
      <PageHeading
        title="Reports"
        description="What people reported, grouped by video, profile and message."
      />
      <HStack gap="2" role="group" aria-label="Which reports">
        <Button
          size="sm"
          variant={status === 'open' ? 'solid' : 'outline'}
          aria-pressed={status === 'open'}
          onClick={() => setStatus('open')}
        >
          <LuFlag aria-hidden="true" /> Open
        </Button>
        <Button
          size="sm"
          variant={status === 'resolved' ? 'solid' : 'outline'}
          aria-pressed={status === 'resolved'}
          onClick={() => setStatus('resolved')}
        >
          Resolved
        </Button>
      </HStack>
      <Queue key={status} status={status} />
    </Stack>
  );
}
