import type { TypedDocumentNode } from '@apollo/client';
import { useMutation, useQuery, useSubscription } from '@apollo/client/react';
import {
  Badge,
  Box,
  Button,
  Card,
  Heading,
  HStack,
  Progress,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { LuClapperboard } from 'react-icons/lu';
import { notifyError } from '../../../components/toaster';
import type { VideoJobFieldsFragment } from '../../../graphql/__generated__/graphql';
import { t, useT } from '../../../lib/i18n';
import { storedText } from '../../../lib/storedText';
import {
  CancelVideoMutation,
  DismissVideoMutation,
  GalleryQuery,
  GalleryTagsQuery,
  VideoAllowanceQuery,
  VideoJobUpdatesSubscription,
  VideosInTheMakingQuery,
} from '../graphql';

type Job = VideoJobFieldsFragment;

const isActive = (job: Job) => job.status === 'queued' || job.status === 'in_progress';

/** What a card says of its state: waiting, rendering, cancelled (neutral) or failed (an error). */
export function videoJobState(job: Pick<Job, 'status' | 'progress' | 'cancelled'>): {
  label: string;
  palette: 'purple' | 'gray' | 'red' | 'green';
} {
  if (job.status === 'queued') return { label: t('Waiting to start'), palette: 'purple' };
  if (job.status === 'in_progress')
    return { label: t('Rendering · {progress}%', { progress: job.progress }), palette: 'purple' };
  if (job.status === 'completed') return { label: t('Done'), palette: 'green' };
  return job.cancelled ? { label: t('Cancelled'), palette: 'gray' } : { label: t('Failed'), palette: 'red' };
}

/** A button's action on one job (cancel, dismiss): runs the mutation, then `done`, or says it could not. */
function useJobAction(
  mutation: TypedDocumentNode<unknown, { id: string }>,
  id: string,
  verb: string,
  /** What the toast says when it fails, in the app's language. */
  failure: string,
  done: () => void,
): [() => Promise<void>, boolean] {
  const [run, { loading }] = useMutation(mutation);
  const act = async () => {
    try {
      await run({ variables: { id } });
      done();
    } catch (error) {
      console.error(`Could not ${verb} the video`, error);
      notifyError(t('Error'), failure);
    }
  };
  return [act, loading];
}

/** One video being made: live progress over `videoJobUpdates` while it runs; tells the page when it ends. */
function MakingCard({ job: initial, onEnded }: { job: Job; onEnded: () => void }) {
  const t = useT();
  const [job, setJob] = useState(initial);
  useEffect(() => setJob(initial), [initial]);
  const active = isActive(job);
  const onEndedRef = useRef(onEnded);
  onEndedRef.current = onEnded;
  useSubscription(VideoJobUpdatesSubscription, {
    variables: { id: initial.id },
    skip: !isActive(initial),
    fetchPolicy: 'no-cache',
    onData: ({ data }) => {
      const next = data.data?.videoJobUpdates;
      if (!next) return;
      // A late, older update never moves the bar back.
      setJob((current) => (isActive(next) && next.progress < current.progress ? current : next));
      if (!isActive(next)) onEndedRef.current();
    },
  });
  const [cancel, cancelling] = useJobAction(
    CancelVideoMutation,
    job.id,
    'cancel',
    t('Could not cancel the video'),
    () => onEndedRef.current(),
  );
  const [dismiss, dismissing] = useJobAction(
    DismissVideoMutation,
    job.id,
    'dismiss',
    t('Could not dismiss the video'),
    () => onEndedRef.current(),
  );
  const state = videoJobState(job);
  const titleId = `making-${job.id}-title`;
  return (
    <Card.Root as="article" aria-labelledby={titleId} variant="outline" data-testid="video-in-the-making">
      <Card.Body gap="3" p="4">
        <Stack gap="1" align="start">
          <Badge
            variant={state.palette === 'gray' ? 'outline' : 'subtle'}
            colorPalette={state.palette}
            data-testid="video-state"
          >
            {state.label}
          </Badge>
          <Text id={titleId} fontWeight="semibold" lineClamp={2} wordBreak="break-word">
            {job.prompt}
          </Text>
        </Stack>
        {active ? (
          <Progress.Root
            value={job.progress}
            max={100}
            colorPalette="purple"
            size="sm"
            striped={job.progress === 0}
            animated={job.progress === 0}
          >
            <Progress.Track
              aria-label={t('Rendering {prompt}', { prompt: job.prompt })}
              aria-valuetext={t('{progress}%', { progress: job.progress })}
            >
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        ) : (
          <Text fontSize="sm" color={job.cancelled ? 'fg.muted' : { base: 'red.700', _dark: 'red.300' }}>
            {job.cancelled
              ? t('You cancelled this video.')
              : job.error
                ? storedText(t, job.error)
                : t('An error occurred while generating your video')}
          </Text>
        )}
        <HStack justify="space-between" fontSize="sm" color="fg.muted" wrap="wrap" gap="2">
          <Text>
            {t('{seconds} seconds · {size}', { seconds: job.seconds, size: job.size })}
            {job.model ? ` · ${job.model}` : ''}
          </Text>
          {active ? (
            <Button size="xs" variant="ghost" onClick={() => void cancel()} loading={cancelling}>
              {t('Cancel video')}
            </Button>
          ) : job.status === 'failed' ? (
            <Button
              size="xs"
              variant="ghost"
              onClick={() => void dismiss()}
              loading={dismissing}
              aria-label={t('Dismiss {prompt}', { prompt: job.prompt })}
            >
              {t('Dismiss')}
            </Button>
          ) : null}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * My Video Gallery's "In the making": the videos being made (whatever happened to the dialog that
 * started them) with live progress, and those that ended without a video lately, cancelled ones in
 * neutral words. A video that finishes moves into the gallery below (the server keeps it there).
 */
export function VideosInTheMaking() {
  const t = useT();
  const { data, refetch, client } = useQuery(VideosInTheMakingQuery, { fetchPolicy: 'cache-and-network' });
  const jobs = data?.videosInTheMaking ?? [];
  if (jobs.length === 0) return null;
  const ended = () => {
    void refetch().catch(() => {});
    client.refetchQueries({ include: [GalleryQuery, GalleryTagsQuery, VideoAllowanceQuery] }).catch(() => {});
  };
  const making = jobs.filter(isActive).length;
  return (
    <Box as="section" aria-labelledby="in-the-making" mb="6">
      <HStack gap="2" mb="3">
        <LuClapperboard aria-hidden="true" />
        <Heading as="h2" size="md" id="in-the-making">
          {t('In the making')}
        </Heading>
        {making > 0 ? (
          <Text fontSize="sm" color="fg.muted" role="status">
            {t('{count, plural, one {# video} other {# videos}} rendering', { count: making })}
          </Text>
        ) : null}
      </HStack>
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
        {jobs.map((job) => (
          <MakingCard key={job.id} job={job} onEnded={ended} />
        ))}
      </SimpleGrid>
    </Box>
  );
}
