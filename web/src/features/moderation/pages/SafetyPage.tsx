import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { LoadFailed } from '../../../components/LoadFailed';
import { LocalLongDate } from '../../../components/LocalFormat';
import { Notice } from '../../../components/Notice';
import { PageHeading } from '../../../components/PageHeading';
import { PageSpinner } from '../../../components/PageSpinner';
import { notifySuccess } from '../../../components/toaster';
import type { MyReportsQuery as MyReports } from '../../../graphql/__generated__/graphql';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { msg, useT } from '../../../lib/i18n';
import { notifyFailure } from '../../../lib/mutationToast';
import { richText } from '../../tokens/components/richText';
import { BlockedUsersQuery, MyReportsQuery, UnblockUserMutation } from '../graphql';
import { reasonLabel } from '../reasons';
import { reportStatusText } from '../reportStatus';

type Report = MyReports['myReports'][number];

const TARGET_NAMES: Record<string, string> = {
  post: msg('Video'),
  user: msg('Profile'),
  message: msg('Message'),
  comment: msg('Comment'),
};

function ReportRow({ report }: { report: Report }) {
  const t = useT();
  const open = report.status === 'open';
  return (
    <Box as="li" borderWidth="1px" rounded="lg" p={{ base: '3', md: '4' }}>
      <Stack gap="2">
        <HStack gap="2" flexWrap="wrap">
          <Badge colorPalette="purple" variant="subtle">
            {t(TARGET_NAMES[report.targetType] ?? report.targetType)}
          </Badge>
          <Text as="h3" fontWeight="semibold" wordBreak="break-word" dir="auto" minW="0">
            {report.targetLabel ?? (
              <Text as="span" color="fg.muted" fontWeight="normal">
                {t('No longer available')}
              </Text>
            )}
          </Text>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {t(reasonLabel(report.reason))} ·{' '}
          {richText(t, msg('reported {date}'), { date: <LocalLongDate iso={report.createdAt} /> })}
        </Text>
        <HStack gap="2" flexWrap="wrap">
          <Badge colorPalette={open ? 'orange' : 'green'} variant="subtle" size="md">
            {t(reportStatusText(report.status, report.outcome))}
          </Badge>
          {!open && report.resolvedAt ? (
            <Text as="span" fontSize="xs" color="fg.muted">
              {richText(t, msg('Resolved {date}'), { date: <LocalLongDate iso={report.resolvedAt} /> })}
            </Text>
          ) : null}
        </HStack>
      </Stack>
    </Box>
  );
}

function YourReports() {
  const t = useT();
  const { data, loading, error, refetch } = useQuery(MyReportsQuery, {
    variables: { first: 50 },
    fetchPolicy: 'cache-and-network',
  });
  if (error && !data)
    return <LoadFailed title={t('Could not load your reports')} onRetry={() => void refetch()} />;
  if (!data) return loading ? <PageSpinner label={t('Loading your reports...')} /> : null;
  if (!data.myReports.length)
    return (
      <Notice
        status="info"
        title={t("You haven't reported anything.")}
        description={t('Use Report on a video, a profile or a message to let moderators know.')}
      />
    );
  return (
    <Stack as="ul" gap="3" listStyleType="none">
      {data.myReports.map((r) => (
        <ReportRow key={r.id} report={r} />
      ))}
    </Stack>
  );
}

function BlockedPeople() {
  const t = useT();
  const { data, loading, error, refetch } = useQuery(BlockedUsersQuery, { fetchPolicy: 'cache-and-network' });
  const [unblock] = useMutation(UnblockUserMutation);
  const [busy, setBusy] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const run = async (username: string) => {
    setBusy(username);
    // Where focus goes once the row leaves: the next row's button, else the previous one's.
    const buttons = [
      ...(listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-username]') ?? []),
    ];
    const at = buttons.findIndex((b) => b.dataset.username === username);
    const nextFocus = buttons[at + 1] ?? buttons[at - 1];
    try {
      await unblock({
        variables: { username },
        // The row leaves at once; the list is the server's again on the next visit (cache-and-network).
        update: (cache) =>
          cache.updateQuery({ query: BlockedUsersQuery }, (d) =>
            d ? { blockedUsers: d.blockedUsers.filter((b) => b.username !== username) } : d,
          ),
      });
      notifySuccess(t('Unblocked'), t('You unblocked @{username}.', { username }));
      if (nextFocus) nextFocus.focus();
      else document.getElementById('blocked-heading')?.focus();
    } catch (e) {
      notifyFailure(t('Error'), e, t('Could not unblock them'));
    } finally {
      setBusy(null);
    }
  };

  if (error && !data)
    return <LoadFailed title={t('Could not load the people you blocked')} onRetry={() => void refetch()} />;
  if (!data) return loading ? <PageSpinner label={t('Loading the people you blocked...')} /> : null;
  if (!data.blockedUsers.length)
    return (
      <Notice
        status="info"
        title={t("You haven't blocked anyone.")}
        description={t(
          "Block someone from their profile or a conversation: they can't message you or send you friend requests.",
        )}
      />
    );
  return (
    <Stack as="ul" ref={listRef} gap="2" listStyleType="none">
      {data.blockedUsers.map((u) => (
        <HStack
          as="li"
          key={u.id}
          borderWidth="1px"
          rounded="lg"
          p={{ base: '3', md: '4' }}
          gap="3"
          justify="space-between"
        >
          <Stack gap="0.5" minW="0">
            <Text fontWeight="semibold" wordBreak="break-word" dir="auto">
              {u.displayName || u.username}
            </Text>
            <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
              @{u.username} ·{' '}
              {richText(t, msg('blocked {date}'), { date: <LocalLongDate iso={u.blockedAt} /> })}
            </Text>
          </Stack>
          <Button
            size="sm"
            variant="outline"
            flexShrink={0}
            data-username={u.username}
            aria-label={t('Unblock @{username}', { username: u.username })}
            loading={busy === u.username}
            disabled={busy !== null && busy !== u.username}
            onClick={() => void run(u.username)}
          >
            {t('Unblock')}
          </Button>
        </HStack>
      ))}
    </Stack>
  );
}

/** /settings/safety: the reports you made and what came of them, and whom you blocked (schema/reports.graphql). */
export default function SafetyPage() {
  const t = useT();
  usePageMeta({
    title: t('Safety'),
    description: t('The reports you made and what came of them, and the people you blocked.'),
  });
  return (
    <Stack gap="2">
      <Button asChild size="sm" variant="ghost" alignSelf="start">
        <RouterLink to="/settings">
          <LuArrowLeft aria-hidden="true" /> {t('Settings')}
        </RouterLink>
      </Button>
      <PageHeading title={t('Safety')} description={t('Reports you made and people you blocked.')} />
      <Stack gap="10">
        <Stack as="section" aria-labelledby="reports-heading" gap="4">
          <Heading as="h2" id="reports-heading" size="lg">
            {t('Your reports')}
          </Heading>
          <YourReports />
        </Stack>
        <Stack as="section" aria-labelledby="blocked-heading" gap="4">
          <Heading as="h2" id="blocked-heading" size="lg" tabIndex={-1} outline="none">
            {t('People you blocked')}
          </Heading>
          <BlockedPeople />
        </Stack>
      </Stack>
    </Stack>
  );
}
