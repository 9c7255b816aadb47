import { SimpleGrid, type SimpleGridProps, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import type { LoadMore } from '../../../hooks/useLoadMore';

/** Video cards as a list in a grid (community and gallery alike), with "Load more" under it. */
export function VideoGrid<Post extends { id: string }>({
  posts,
  card,
  columns,
  gap,
  more,
}: {
  posts: readonly Post[];
  card: (post: Post) => ReactNode;
  columns: SimpleGridProps['columns'];
  gap: string;
  more: LoadMore;
}) {
  return (
    <Stack gap="6">
      <SimpleGrid as="ul" listStyleType="none" columns={columns} gap={gap}>
        {posts.map((post) => (
          <li key={post.id}>{card(post)}</li>
        ))}
      </SimpleGrid>
      <LoadMoreButton more={more} />
    </Stack>
  );
}
