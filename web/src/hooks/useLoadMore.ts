import { useCallback, useRef, useState } from 'react';
import { notifyError } from '../components/toaster';
import { t } from '../lib/i18n';

/**
 * "Load more" for a paged list: reads the page after `cursor` with `load`, one at a time, and says
 * so when it fails (`what` names the items: "videos", "files"). `loadMore` keeps its identity while
 * the cursor does, so a list that loads as its end scrolls into view doesn't re-subscribe each render.
 */
export function useLoadMore(cursor: string | null, load: (cursor: string) => Promise<unknown>, what: string) {
  const [loadingMore, setLoadingMore] = useState(false);
  const busy = useRef(false);
  const latestLoad = useRef(load);
  latestLoad.current = load;
  const loadMore = useCallback(async () => {
    if (!cursor || busy.current) return;
    busy.current = true;
    setLoadingMore(true);
    try {
      await latestLoad.current(cursor);
    } catch (error) {
      console.error(`Could not load more ${what}`, error);
      notifyError(
        t('Failed to fetch {what}', { what }),
        t('Could not load more {what}. Please try again.', { what }),
      );
    } finally {
      busy.current = false;
      setLoadingMore(false);
    }
  }, [cursor, what]);
  return { hasMore: cursor !== null, loadingMore, loadMore };
}

export type LoadMore = ReturnType<typeof useLoadMore>;
