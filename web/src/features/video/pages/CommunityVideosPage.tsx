import { Button, Container, HStack, InputGroup, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { LuSearch } from 'react-icons/lu';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PlainInput } from '../../../components/forms/TextField';
import { PageHeading } from '../../../components/PageHeading';
import { PageSpinner } from '../../../components/PageSpinner';
import { notifyError } from '../../../components/toaster';
import { useApiQuery } from '../../../hooks/useApiQuery';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { useLoadMore } from '../../../hooks/useLoadMore';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { useT } from '../../../lib/i18n';
import { useAuth } from '../../accounts/session/AuthContext';
import { useLocalizedPath } from '../../languages/useLocalizedPath';
import { CommunityVideoCard } from '../components/CommunityVideoCard';
import { TagFilter } from '../components/TagFilter';
import { VideoGrid } from '../components/VideoGrid';
import {
  COMMUNITY_PAGE_SIZE,
  COMMUNITY_TAG_COUNT,
  fetchFollowingVideos,
  fetchPublicVideos,
  fetchPublicVideoTags,
  publicVideosKey,
  publicVideoTagsKey,
} from '../publicVideos';

// What an empty gallery or search says loads when it is needed: it is rarely seen, and the page's
// first download is at its budget (web/vite.config.ts).
const EmptyNotice = lazy(() => import('../components/EmptyNotice').then((m) => ({ default: m.EmptyNotice })));
const NoMatchingVideos = lazy(() =>
  import('../components/EmptyNotice').then((m) => ({ default: m.NoMatchingVideos })),
);

/** The order asked for; null for newest (the default), which the URL and the request leave out. */
const sortOf = (value: string | null): 'top' | 'trending' | null =>
  value === 'top' || value === 'trending' ? value : null;

export default function CommunityVideosPage() {
  const t = useT();
  const localized = useLocalizedPath();
  usePageMeta('/community-videos');

  // The search and tag live in the URL (?q=, ?tag=): a reload or a shared link shows the same
  // videos, and Back returns to them from a video.
  const [params, setParams] = useSearchParams();
  const urlQuery = params.get('q')?.trim() ?? '';
  const tag = params.get('tag') || null;
  // ?sort= too; newest (the default) leaves it out, so the plain address stays the spec's list.
  const sort = sortOf(params.get('sort'));
  // ?feed=following: the videos of the people you follow (signed in; the server draws everyone's).
  const { status } = useAuth();
  const following = params.get('feed') === 'following' && status === 'signedIn';
  const [search, setSearch] = useState(urlQuery);
  // The server searches title, prompt and description; waiting for a pause saves a request per key.
  const query = useDebouncedValue(search.trim(), 300);
  const setParam = (name: 'q' | 'tag' | 'sort' | 'feed', value: string | null, replace: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace },
    );
  // Typing replaces the entry (one per search, not per pause); a tag is a step Back can undo.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the typed text only.
  useEffect(() => {
    if (query !== urlQuery) setParam('q', query || null, true);
  }, [query]);
  // Back/Forward (or a link) changing ?q= puts its text in the box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the URL only.
  useEffect(() => {
    if (urlQuery !== query) setSearch(urlQuery);
  }, [urlQuery]);
  const setTag = (next: string | null) => setParam('tag', next, false);

  const tags = useApiQuery(publicVideoTagsKey(COMMUNITY_TAG_COUNT), (signal) =>
    fetchPublicVideoTags(COMMUNITY_TAG_COUNT, signal),
  );
  const filter = {
    search: query || null,
    tag,
    limit: COMMUNITY_PAGE_SIZE,
    sort,
  };
  const followingKey = `following-videos:${COMMUNITY_PAGE_SIZE}`;
  const load = (after: string | null, signal?: AbortSignal) =>
    following
      ? fetchFollowingVideos({ limit: COMMUNITY_PAGE_SIZE, cursor: after }, signal)
      : fetchPublicVideos({ ...filter, after }, signal);
  // The page the server drew (as a visitor sees it) asks once more: that adds which ones you liked.
  const videos = useApiQuery(
    following ? followingKey : publicVideosKey(filter),
    (signal) => load(null, signal),
    {
      refreshInitial: true,
    },
  );

  const failed = !!videos.error;
  useEffect(() => {
    if (failed)
      notifyError(
        t('Failed to fetch videos'),
        t('The community gallery could not be loaded. Please try again.'),
      );
  }, [failed, t]);

  const page = videos.data;
  const posts = page?.posts ?? [];
  const filtering = !following && (!!query || !!tag);

  const more = useLoadMore(
    page?.nextCursor ?? null,
    async (after) => {
      const next = await load(after);
      videos.setData((previous) => {
        if (!previous) return previous;
        const seen = new Set(previous.posts.map((post) => post.id));
        return {
          nextCursor: next.nextCursor,
          posts: [...previous.posts, ...next.posts.filter((post) => !seen.has(post.id))],
          // Later pages do not count again: the first page's total stands.
          total: previous.total,
        };
      });
    },
    t('videos'),
  );

  let content: React.ReactNode;
  if (!page && videos.loading) {
    content = <PageSpinner label={t('Loading videos...')} />;
  } else if (posts.length === 0 && following) {
    content = (
      <Suspense fallback={null}>
        <EmptyNotice
          title={t('Nothing from people you follow yet')}
          description={t('Follow creators from their profile pages, and their new videos show up here.')}
          link={{ to: localized('/community-videos'), label: t('Find creators to follow') }}
        />
      </Suspense>
    );
  } else if (posts.length === 0 && filtering) {
    content = (
      <Suspense fallback={null}>
        <NoMatchingVideos title={t('No videos found')} />
      </Suspense>
    );
  } else if (posts.length === 0) {
    content = (
      <Suspense fallback={null}>
        <EmptyNotice
          title={t('No public videos yet')}
          description={t('Be the first to share your AI-generated videos!')}
          link={{ to: '/chat', label: t('Create a video') }}
        />
      </Suspense>
    );
  } else {
    content = (
      <VideoGrid
        posts={posts}
        card={(post) => <CommunityVideoCard post={post} headingLevel="h2" />}
        columns={{ base: 1, sm: 2, lg: 3 }}
        gap="5"
        more={more}
      />
    );
  }

  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <PageHeading
        title={t('Community Videos')}
        description={t(
          'Short videos made with Chorus and shared by their creators, with the prompt behind each one.',
        )}
      >
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" pt="2">
          <Button asChild>
            <RouterLink to="/chat">{t('Create a video')}</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={localized('/ai-video-generator')}>
              {t('How the video generator works')}
            </RouterLink>
          </Button>
        </Stack>
      </PageHeading>

      {status === 'signedIn' ? (
        <HStack gap="2" mb="4" role="group" aria-label={t('Whose videos')}>
          {(
            [
              ['everyone', t('Everyone')],
              ['following', t('Following')],
            ] as const
          ).map(([value, label]) => {
            const current = (value === 'following') === following;
            return (
              <Button
                key={value}
                size="sm"
                variant={current ? 'solid' : 'outline'}
                aria-pressed={current}
                onClick={() => setParam('feed', value === 'following' ? value : null, false)}
              >
                {label}
              </Button>
            );
          })}
        </HStack>
      ) : null}
      <Stack gap="4" mb="6" display={following ? 'none' : 'flex'}>
        <InputGroup startElement={<LuSearch aria-hidden="true" />} maxW={{ md: 'md' }} w="full">
          <PlainInput
            type="search"
            aria-label={t('Search videos')}
            placeholder={t('Search by title, prompt or description')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </InputGroup>
        <TagFilter tags={tags.data ?? []} selected={tag} onSelect={setTag} />
        <HStack justify="space-between" minH="6">
          {page ? (
            <Text color="fg.muted" role="status">
              {t('Showing {count} video(s)', { count: page.total ?? posts.length })}
            </Text>
          ) : null}
          {/* A native select in the search box's look: keyboard and screen readers know it, and it adds
              next to no JavaScript to this page, which is at its initial-JS budget (web/vite.config.ts). */}
          <PlainInput asChild w="auto" ms="auto" appearance="auto" aria-label={t('Sort videos')}>
            <select
              value={sort ?? 'newest'}
              onChange={(e) => setParam('sort', sortOf(e.target.value), false)}
            >
              <option value="newest">{t('Newest')}</option>
              <option value="top">{t('Most liked')}</option>
              <option value="trending">{t('Trending')}</option>
            </select>
          </PlainInput>
        </HStack>
      </Stack>
      {content}
    </Container>
  );
}
