import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Card, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCircleCheck } from 'react-icons/lu';
import { LoadFailed } from '../../../components/LoadFailed';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { PageHeading } from '../../../components/PageHeading';
import { PageSpinner } from '../../../components/PageSpinner';
import { notifySuccess } from '../../../components/toaster';
import { useLoadMore } from '../../../hooks/useLoadMore';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { useT } from '../../../lib/i18n';
import { notifyFailure } from '../../../lib/mutationToast';
import { ActionDialog } from '../components/ActionDialog';
import { formatDateTime } from '../components/format';
import { CountsTable, EmptyNotice } from '../components/ListStates';
import { DeleteJobMutation, JobsQuery, RetryJobMutation } from '../graphql';

/** The background queue: what waits per task, and the jobs that failed for good, to retry or delete. */
export default function JobsPage() {
  const t = useT();
  usePageMeta({ title: t('Jobs · Console'), description: t('The background job queue.') });
  const query = useQuery(JobsQuery, { fetchPolicy: 'cache-and-network', pollInterval: 10_000 });
  const jobs = query.data?.admin.jobs;
  const more = useLoadMore(
    jobs?.failed.nextCursor ?? null,
    (after) => query.fetchMore({ variables: { after } }),
    t('failed jobs'),
  );
  const [retry] = useMutation(RetryJobMutation);
  const [remove] = useMutation(DeleteJobMutation);
  const [busy, setBusy] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; task: string } | null>(null);

  const onRetry = async (id: string) => {
    setBusy(id);
    try {
      await retry({ variables: { id } });
      notifySuccess(t('Job queued again'), t('It runs from its first attempt.'));
      await query.refetch();
    } catch (error) {
      notifyFailure(t('Could not retry the job'), error);
    } finally {
      setBusy(null);
    }
  };

  if (!jobs && query.loading) return <PageSpinner label={t('Loading the queue...')} />;
  if (!jobs)
    return (
      <LoadFailed
        title={t('Failed to load the queue')}
        onRetry={() => void query.refetch().catch(() => {})}
      />
    );

  return (
    <>
      <PageHeading
        title={t('Jobs')}
        description={t('Background work (e-mail, videos, file reading) and what failed.')}
      />
      <Stack gap="6">
        <Card.Root variant="outline">
          <Card.Header>
            <Card.Title as="h2">{t('Queue')}</Card.Title>
          </Card.Header>
          <Card.Body px={{ base: '2', md: '6' }}>
            {jobs.depth.length === 0 ? (
              <Text color="fg.muted">{t('The queue is empty.')}</Text>
            ) : (
              <CountsTable
                label={t('Queue by task')}
                names="break"
                columns={[t('Task'), t('Waiting'), t('Running'), t('Failed')]}
                rows={jobs.depth.map((d) => ({
                  key: d.task,
                  name: d.task,
                  counts: [
                    d.waiting,
                    d.running,
                    { value: d.failed, color: d.failed ? 'fg.error' : undefined },
                  ],
                }))}
              />
            )}
          </Card.Body>
        </Card.Root>
        <Card.Root variant="outline">
          <Card.Header>
            <Card.Title as="h2">{t('Failed jobs')}</Card.Title>
            <Card.Description>{t('Jobs that used all their attempts, the latest first.')}</Card.Description>
          </Card.Header>
          <Card.Body>
            {jobs.failed.jobs.length === 0 ? (
              <EmptyNotice icon={<LuCircleCheck />} title={t('No failed jobs')} />
            ) : (
              <Stack gap="4">
                <Stack as="ul" listStyleType="none" gap="3" aria-label={t('Failed jobs')}>
                  {jobs.failed.jobs.map((job) => (
                    <Card.Root as="li" key={job.id} size="sm" variant="subtle">
                      <Card.Body gap="2">
                        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="2">
                          <Stack gap="0.5" minW="0">
                            <Text fontWeight="semibold" wordBreak="break-all">
                              {job.task}{' '}
                              <Text as="span" color="fg.muted" fontWeight="normal">
                                #{job.id}
                              </Text>
                            </Text>
                            <Text fontSize="xs" color="fg.muted">
                              {t(
                                '{attempts} of {maxAttempts, plural, one {# attempt} other {# attempts}} · last tried {date}',
                                {
                                  attempts: job.attempts,
                                  maxAttempts: job.maxAttempts,
                                  date: formatDateTime(job.updatedAt),
                                },
                              )}
                            </Text>
                          </Stack>
                          <HStack flexShrink={0}>
                            <Button
                              size="sm"
                              variant="outline"
                              loading={busy === job.id}
                              onClick={() => void onRetry(job.id)}
                            >
                              {t('Retry')}
                            </Button>
                            <Button
                              size="sm"
                              variant="outline"
                              colorPalette="red"
                              onClick={() => setDeleting({ id: job.id, task: job.task })}
                            >
                              {t('Delete')}
                            </Button>
                          </HStack>
                        </Stack>
                        {job.lastError ? (
                          <Code
                            display="block"
                            whiteSpace="pre-wrap"
                            wordBreak="break-word"
                            p="2"
                            maxH="40"
                            overflowY="auto"
                            fontSize="xs"
                          >
                            {job.lastError}
                          </Code>
                        ) : null}
                      </Card.Body>
                    </Card.Root>
                  ))}
                </Stack>
                <LoadMoreButton more={more} label={t('Load more failed jobs')} />
              </Stack>
            )}
          </Card.Body>
        </Card.Root>
      </Stack>
      {deleting ? (
        <ActionDialog
          title={t('Delete job #{id}?', { id: deleting.id })}
          description={t('The {task} job leaves the queue for good; what it was to do is not done.', {
            task: deleting.task,
          })}
          confirmLabel={t('Delete')}
          danger
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            try {
              await remove({ variables: { id: deleting.id } });
              notifySuccess(t('Job deleted'));
              await query.refetch().catch(() => {});
              return true;
            } catch (error) {
              notifyFailure(t('Could not delete the job'), error);
              return false;
            }
          }}
        />
      ) : null}
    </>
  );
}
