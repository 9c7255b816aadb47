import { LoadFailed } from '../../../components/LoadFailed';
import { PageHeading } from '../../../components/PageHeading';
import { PageSpinner } from '../../../components/PageSpinner';
import { useApiQuery } from '../../../hooks/useApiQuery';
import { useLoadMore } from '../../../hooks/useLoadMore';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { apiFetchWithHeaders } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { CommunityVideoCard } from '../components/CommunityVideoCard';
import { EmptyNotice } from '../components/EmptyNotice';
import { VideoGrid } from '../components/VideoGrid';
import { COMMUNITY_PAGE_SIZE, type PublicPost, type PublicVideosPage } from '../publicVideos';

// Here, not in publicVideos.ts, which the public pages share at their initial-JS budget.
async function fetchLikedVideos(query: { limit?: number; cursor?: string | null }, signal?: AbortSignal) {
  const { data, headers } = await apiFetchWithHeaders<PublicPost[]>('/api/posts/liked', { query, signal });
  return { posts: data, nextCursor: headers.get('X-Next-Cursor'), total: null } satisfies PublicVideosPage;
}

/**
 * /liked: the public videos the signed-in person liked, the last liked first (GET /api/posts/liked).
 * A video unliked from its card stays until the page is opened again, so it can be liked back.
 */
export default function LikedVideosPage() {
  const t = useT();
  usePageMeta({ title: t('Liked Videos'), description: t('The community videos you liked on Chorus.') });
  const videos = useApiQuery(`liked-videos:${COMMUNITY_PAGE_SIZE}`, (signal) =>
    fetchLikedVideos({ limit: COMMUNITY_PAGE_SIZE }, signal),
  );
  const page = videos.data;
  const more = useLoadMore(
    page?.nextCursor ?? null,
    async (cursor) => {
      const next = await fetchLikedVideos({ limit: COMMUNITY_PAGE_SIZE, cursor });
      videos.setData((previous) => {
        if (!previous) return previous;
        const seen = new Set(previous.posts.map((post) => post.id));
        return { ...next, posts: [...previous.posts, ...next.posts.filter((post) => !seen.has(post.id))] };
      });
    },
    t('videos'),
  );

  let content: React.ReactNode;
  if (!page && videos.error) {
    content = <LoadFailed title={t('Failed to load your liked videos')} onRetry={videos.refetch} />;
  } else if (!page) {
    content = <PageSpinner label={t('Loading videos...')} />;
  } else if (page.posts.length === 0) {
    content = (
      <EmptyNotice
        title={t('No liked videos yet')}
        description={t('Tap the heart on a community video and it is kept here for you.')}
        link={{ to: '/community-videos', label: t('Browse community videos') }}
      />
    );
  } else {
    content = (
      <VideoGrid
        posts={page.posts}
        card={(post) => <CommunityVideoCard post={post} headingLevel="h2" />}
        columns={{ base: 1, sm: 2, lg: 3 }}
        gap="5"
        more={more}
      />
    );
  }
  return (
    <>
      <PageHeading
        title={t('Liked Videos')}
        description={t('Community videos you liked, the last one first.')}
      />
      {content}
    </>
  );
}
