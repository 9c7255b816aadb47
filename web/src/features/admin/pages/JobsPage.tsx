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
import { notifyFailure } from '../../../lib/mutationToast';
import { ActionDialog } from '../components/ActionDialog';
import { formatDateTime } from '../components/format';
import { CountsTable, EmptyNotice } from '../components/ListStates';
import { DeleteJobMutation, JobsQuery, RetryJobMutation } from '../graphql';

/** The background queue: what waits per task, and the jobs that failed for good, to retry or delete. */
export default function JobsPage() {
  usePageMeta({ title: 'Jobs · Console', description: 'The background job queue.' });
  const query = useQuery(JobsQuery, { fetchPolicy: 'cache-and-network', pollInterval: 10_000 });
  const jobs = query.data?.admin.jobs;
  const more = useLoadMore(
    jobs?.failed.nextCursor ?? null,
    (after) => query.fetchMore({ variables: { after } }),
    'failed jobs',
  );
  const [retry] = useMutation(RetryJobMutation);
  const [remove] = useMutation(DeleteJobMutation);
  const [busy, setBusy] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; task: string } | null>(null);

  const onRetry = async (id: string) => {
    setBusy(id);
    try {
      await retry({ variables: { id } });
      notifySuccess('Job queued again', 'It runs from its first attempt.');
      await query.refetch();
    } catch (error) {
      notifyFailure('Could not retry the job', error);
    } finally {
      setBusy(null);
    }
  };

  if (!jobs && query.loading) return <PageSpinner label="Loading the queue..." />;
  if (!jobs)
    return (
      <LoadFailed title="Failed to load the queue" onRetry={() => void query.refetch().catch(() => {})} />
    );

  return (
    <>
      <PageHeading
        title="Jobs"
        description="Background work (e-mail, videos, file reading) and what failed."
      />
      <Stack gap="6">
        <Card.Root variant="outline">
          <Card.Header>
            <Card.Title as="h2">Queue</Card.Title>
          </Card.Header>
          <Card.Body px={{ base: '2', md: '6' }}>
            {jobs.depth.length === 0 ? (
              <Text color="fg.muted">The queue is empty.</Text>
            ) : (
              <CountsTable
                label="Queue by task"
                names="break"
                columns={['Task', 'Waiting', 'Running', 'Failed']}
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
            <Card.Title as="h2">Failed jobs</Card.Title>
            <Card.Description>Jobs that used all their attempts, the latest first.</Card.Description>
          </Card.Header>
          <Card.Body>
            {jobs.failed.jobs.length === 0 ? (
              <EmptyNotice icon={<LuCircleCheck />} title="No failed jobs" />
            ) : (
              <Stack gap="4">
                <Stack as="ul" listStyleType="none" gap="3" aria-label="Failed jobs">
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
                              {job.attempts} of {job.maxAttempts} attempts · last tried{' '}
                              {formatDateTime(job.updatedAt)}
                            </Text>
                          </Stack>
                          <HStack flexShrink={0}>
                            <Button
                              size="sm"
                              variant="outline"
                              loading={busy === job.id}
                              onClick={() => void onRetry(job.id)}
                            >
                              Retry
                            </Button>
                            <Button
                              size="sm"
                              variant="outline"
                              colorPalette="red"
                              onClick={() => setDeleting({ id: job.id, task: job.task })}
                            >
                              Delete
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
                <LoadMoreButton more={more} label="Load more failed jobs" />
              </Stack>
            )}
          </Card.Body>
        </Card.Root>
      </Stack>
      {deleting ? (
        <ActionDialog
          title={`Delete job #${deleting.id}?`}
          description={`The ${deleting.task} job leaves the queue for good; what it was to do is not done.`}
          confirmLabel="Delete"
          danger
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            try {
              await remove({ variables: { id: deleting.id } });
              notifySuccess('Job deleted');
              await query.refetch().catch(() => {});
              return true;
            } catch (error) {
              notifyFailure('Could not delete the job', error);
              return false;
            }
          }}
        />
      ) : null}
    </>
  );
}
