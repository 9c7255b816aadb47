import { Button, SimpleGrid, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { apiFetchWithHeaders } from '../../../../lib/api';
import { t } from '../../../../lib/i18n';
import type { PublicPost } from '../../publicVideos';
import { CommunityVideoCard } from '../CommunityVideoCard';

/** Remixes shown at a time. */
const PAGE = 6;

/** A video's public remixes, newest first (GET /api/posts/{id}/remixes), a page at a time. */
async function fetchRemixes(postId: string, cursor: string | null, signal?: AbortSignal) {
  const { data, headers } = await apiFetchWithHeaders<PublicPost[]>(
    `/api/posts/${encodeURIComponent(postId)}/remixes`,
    { query: { limit: PAGE, cursor }, signal },
  );
  return { posts: data, nextCursor: headers.get('X-Next-Cursor') };
}

/** The cards of a video's remixes, with "Show more remixes" while there are more. */
export default function RemixesList({ postId }: { postId: string }) {
  const [posts, setPosts] = useState<PublicPost[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    const stop = new AbortController();
    setState('loading');
    fetchRemixes(postId, null, stop.signal).then(
      (page) => {
        setPosts(page.posts);
        setNext(page.nextCursor);
        setState('ready');
      },
      () => {
        if (!stop.signal.aborted) setState('failed');
      },
    );
    return () => stop.abort();
  }, [postId]);

  const more = async () => {
    if (!next) return;
    setState('loading');
    try {
      const page = await fetchRemixes(postId, next);
      setPosts((shown) => [...shown, ...page.posts]);
      setNext(page.nextCursor);
      setState('ready');
    } catch {
      setState('failed');
    }
  };

  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="4" data-testid="remixes">
        {posts.map((remix) => (
          <CommunityVideoCard key={remix.id} post={remix} />
        ))}
      </SimpleGrid>
      {state === 'failed' ? (
        <Text fontSize="sm" color="fg.muted" role="status">
          {t('Could not load the remixes.')}
        </Text>
      ) : null}
      {next ? (
        <Button
          size="sm"
          variant="outline"
          alignSelf="flex-start"
          loading={state === 'loading'}
          onClick={() => void more()}
        >
          {t('Show more remixes')}
        </Button>
      ) : null}
    </>
  );
}
