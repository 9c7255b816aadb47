import { SimpleGrid, Text } from '@chakra-ui/react';
import { useApiQuery } from '../../../hooks/useApiQuery';
import { useT } from '../../../lib/i18n';
import { fetchPublicVideos, type PublicVideosFilter, publicVideosKey } from '../publicVideos';
import { SHOWCASE_SIZE } from '../showcases';
import { CommunityVideoCard } from './CommunityVideoCard';

/**
 * Up to 6 community videos of one order (trending or newest) as cards that play muted on hover or
 * focus and rewind on leave: the landing and video generator pages. Keyed like the server's render
 * of those pages (web/src/lib/publicPageData.ts), so they arrive drawn and hydrate with these videos.
 * `except` leaves out videos another showcase of the page shows already (its filter asks 6 more).
 */
export function CommunityShowcase({
  filter,
  except,
}: {
  filter: PublicVideosFilter;
  except?: PublicVideosFilter;
}) {
  const t = useT();
  const { data, loading, error } = useApiQuery(publicVideosKey(filter), (signal) =>
    fetchPublicVideos(filter, signal),
  );
  const shown = useApiQuery(except ? publicVideosKey(except) : null, (signal) =>
    fetchPublicVideos(except ?? filter, signal),
  );
  const skip = new Set(shown.data?.posts.map((post) => post.id));
  const posts = (data?.posts ?? []).filter((post) => !skip.has(post.id)).slice(0, SHOWCASE_SIZE);
  if (!data && loading) {
    return (
      <Text color="fg.muted" role="status">
        {t('Loading videos...')}
      </Text>
    );
  }
  if (posts.length === 0) {
    return (
      <Text color="fg.muted">
        {error
          ? t('Community videos could not be loaded right now.')
          : t('No public videos yet. Be the first to share your AI-generated videos!')}
      </Text>
    );
  }
  return (
    <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
      {posts.map((post) => (
        <li key={post.id}>
          <CommunityVideoCard post={post} playOnHover />
        </li>
      ))}
    </SimpleGrid>
  );
}
