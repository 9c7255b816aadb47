import { Button, type ButtonProps } from '@chakra-ui/react';
import type { LoadMore } from '../hooks/useLoadMore';
import { useT } from '../lib/i18n';

/** The button under a paged list, shown while another page exists. */
export function LoadMoreButton({
  more,
  label,
  size,
}: {
  more: LoadMore;
  label?: string;
  size?: ButtonProps['size'];
}) {
  const t = useT();
  if (!more.hasMore) return null;
  return (
    <Button
      alignSelf="center"
      variant="outline"
      size={size}
      loading={more.loadingMore}
      onClick={() => void more.loadMore()}
    >
      {label ?? t('Load more')}
    </Button>
  );
}
