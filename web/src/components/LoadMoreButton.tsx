import { Button, type ButtonProps } from '@chakra-ui/react';
import type { LoadMore } from '../hooks/useLoadMore';

/** The button under a paged list, shown while another page exists. */
export function LoadMoreButton({
  more,
  label = 'Load more',
  size,
}: {
  more: LoadMore;
  label?: string;
  size?: ButtonProps['size'];
}) {
  if (!more.hasMore) return null;
  return (
    <Button
      alignSelf="center"
      variant="outline"
      size={size}
      loading={more.loadingMore}
      onClick={() => void more.loadMore()}
    >
      {label}
    </Button>
  );
}
