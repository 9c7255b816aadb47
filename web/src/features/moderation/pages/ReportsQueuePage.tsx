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
import { msg, useT } from '../../../lib/i18n';
import { notifyFailure } from '../../../lib/mutationToast';
import { richText } from '../../tokens/components/richText';
import { ModerateMutation, ReportQueueQuery, StaffRoleQuery } from '../graphql';
import { reasonLabel } from '../reasons';

type Group = ReportQueue['admin']['reports']['groups'][number];
type Action = 'hide' | 'restore' | 'delete' | 'dismiss' | 'warn' | 'suspend' | 'ban';

// The texts below are translated where they are drawn.
const TARGET_NAMES: Record<string, string> = {
  post: msg('Video'),
  user: msg('Profile'),
  message: msg('Message'),
  comment: msg('Comment'),
  assistant: msg('Assistant'),
};
/** What people wrote is quoted as it was (a message, a comment). */
const QUOTED = new Set(['message', 'comment']);
const OUTCOMES: Record<string, string> = {
  hide: msg('Hidden'),
  restore: msg('Restored'),
  delete: msg('Deleted'),
  dismiss: msg('Dismissed'),
  warn: msg('Owner warned'),
  suspend: msg('Owner suspended'),
  ban: msg('Owner banned'),
};
const DONE: Record<Action, string> = {
  hide: msg('Hidden from everyone but its owner.'),
  restore: msg('Visible again.'),
  delete: msg('Deleted.'),
  dismiss: msg('Reports dismissed.'),
  warn: msg('The owner was e-mailed a warning.'),
  suspend: msg('The owner is suspended for 72 hours.'),
  ban: msg('The owner is banned.'),
};
/** Actions that can't be undone from here ask first. */
const CONFIRM: Partial<Record<Action, string>> = {
  delete: msg('Delete it for good? Its owner loses it too; this cannot be undone.'),
  ban: msg('Ban the owner? They are signed out everywhere and cannot sign in until an admin unbans them.'),
};

function GroupCard({ group, resolved, onDone }: { group: Group; resolved: boolean; onDone: () => void }) {
  const t = useT();
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
      const outcome = OUTCOMES[action];
      notifySuccess(outcome ? t(outcome) : t('Done'), t(DONE[action]));
      onDone();
    } catch (e) {
      notifyFailure(t('Error'), e, t('Could not apply the action'));
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
            {t(TARGET_NAMES[group.targetType] ?? group.targetType)}
          </Badge>
          <Text as="h2" id={headingId} fontWeight="semibold" wordBreak="break-word">
            {group.owner
              ? t('{count, plural, one {# report} other {# reports}} · @{username}', {
                  count: group.reporters,
                  username: group.owner.username,
                })
              : t('{count, plural, one {# report} other {# reports}}', { count: group.reporters })}
          </Text>
          {group.hidden ? (
            <Badge colorPalette="red" variant="solid" bg="colorPalette.700">
              {t('Hidden')}
            </Badge>
          ) : null}
          {group.outcome ? (
            <Badge colorPalette="gray" variant="subtle">
              {t(OUTCOMES[group.outcome] ?? group.outcome)}
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
              <img
                src={content.imageUrl}
                alt={
                  content.title ? t('Poster of {title}', { title: content.title }) : t('Poster of the video')
                }
              />
            </Box>
          ) : null}
          <Stack gap="1" minW="0">
            {!content.exists ? (
              <Text color="fg.muted">{t('This content is gone (deleted since).')}</Text>
            ) : null}
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
                  <LuExternalLink aria-hidden="true" /> {t('Open its page')}
                </RouterLink>
              </Button>
            ) : null}
          </Stack>
        </HStack>

        <HStack gap="2" flexWrap="wrap">
          {group.reasons.map((r) => (
            <Badge key={r.reason} variant="outline">
              {r.count > 1
                ? t('{reason} ×{count}', { reason: t(reasonLabel(r.reason)), count: r.count })
                : t(reasonLabel(r.reason))}
            </Badge>
          ))}
        </HStack>
        {group.notes.length ? (
          <Stack as="ul" gap="1" fontSize="sm" ps="4" listStyleType="disc">
            {group.notes.map((n, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: notes are plain texts in a fixed order.
              <li key={i}>
                <Text as="span" wordBreak="break-word" dir="auto">
                  {t('“{text}”', { text: n })}
                </Text>
              </li>
            ))}
          </Stack>
        ) : null}
        {group.hiddenReason ? (
          <Text fontSize="sm" color="fg.muted">
            {t('Hidden: {reason}', { reason: group.hiddenReason })}
          </Text>
        ) : null}
        <Text fontSize="xs" color="fg.muted">
          {richText(t, msg('First reported {date}'), { date: <LocalLongDate iso={group.firstReportedAt} /> })}
        </Text>
        {resolved && group.outcomeNote ? (
          <Text fontSize="sm">{t('Note: {note}', { note: group.outcomeNote })}</Text>
        ) : null}

        {resolved ? null : (
          <Stack gap="2">
            <label htmlFor={noteId}>
              <Text as="span" fontSize="sm" fontWeight="medium">
                {t('Note (the owner sees it with a hide or a warning)')}
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
              {group.hidden ? button('restore', t('Restore')) : button('hide', t('Hide'), 'orange')}
              {button('dismiss', t('Dismiss reports'))}
              {group.owner ? button('warn', t('Warn owner')) : null}
              {group.owner ? button('suspend', t('Suspend 72 h')) : null}
              {group.owner ? button('ban', t('Ban owner'), 'red') : null}
              {group.targetType !== 'user' && content.exists ? button('delete', t('Delete'), 'red') : null}
            </HStack>
          </Stack>
        )}
      </Card.Body>
      {confirming ? (
        <AppDialog
          role="alertdialog"
          closeButton={false}
          title={
            confirming === 'ban'
              ? t('Ban @{username}?', { username: group.owner?.username ?? '' })
              : t('Delete it?')
          }
          onClose={() => setConfirming(null)}
          footer={
            <>
              <Button variant="outline" onClick={() => setConfirming(null)}>
                {t('Cancel')}
              </Button>
              <Button colorPalette="red" onClick={() => void act(confirming)}>
                {confirming === 'ban' ? t('Ban') : t('Delete')}
              </Button>
            </>
          }
        >
          <Text>{t(CONFIRM[confirming] ?? '')}</Text>
        </AppDialog>
      ) : null}
    </Card.Root>
  );
}

function Queue({ status }: { status: 'open' | 'resolved' }) {
  const t = useT();
  const { data, loading, error, refetch, fetchMore } = useQuery(ReportQueueQuery, {
    variables: { status, first: 20 },
    fetchPolicy: 'cache-and-network',
  });
  const [more, setMore] = useState(false);
  if (error && !data)
    return <LoadFailed title={t('Could not load the reports')} onRetry={() => void refetch()} />;
  if (!data) return loading ? <PageSpinner label={t('Loading reports...')} /> : null;
  const { groups, nextCursor } = data.admin.reports;
  if (!groups.length)
    return (
      <Notice
        status="info"
        title={status === 'open' ? t('Nothing to review') : t('No resolved reports yet')}
        description={
          status === 'open' ? t('New reports show up here, grouped by what was reported.') : undefined
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
          {t('Load more')}
        </Button>
      ) : null}
    </Stack>
  );
}

/** /admin/reports: reports grouped by what they report, with the content and the actions (moderators and admins). */
export default function ReportsQueuePage() {
  const t = useT();
  usePageMeta({ title: t('Reports'), description: t('The moderation queue.') });
  const me = useQuery(StaffRoleQuery);
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  if (me.loading && !me.data) return <PageSpinner label={t('Loading...')} />;
  const role = me.data?.me?.role;
  if (role !== 'moderator' && role !== 'admin') return <NotFoundPage />;
  return (
    <Stack gap="5">
      <Button asChild size="sm" variant="ghost" alignSelf="start">
        <RouterLink to="/admin">
          <LuArrowLeft aria-hidden="true" /> {t('Admin')}
        </RouterLink>
      </Button>
      <PageHeading
        title={t('Reports')}
        description={t('What people reported, grouped by video, profile and message.')}
      />
      <HStack gap="2" role="group" aria-label={t('Which reports')}>
        <Button
          size="sm"
          variant={status === 'open' ? 'solid' : 'outline'}
          aria-pressed={status === 'open'}
          onClick={() => setStatus('open')}
        >
          <LuFlag aria-hidden="true" /> {t('Open reports')}
        </Button>
        <Button
          size="sm"
          variant={status === 'resolved' ? 'solid' : 'outline'}
          aria-pressed={status === 'resolved'}
          onClick={() => setStatus('resolved')}
        >
          {t('Resolved')}
        </Button>
      </HStack>
      <Queue key={status} status={status} />
    </Stack>
  );
}
