import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { useLoadMore } from '../../../hooks/useLoadMore';
import { MyFilesQuery } from '../graphql';
import { stillReading } from './knowledgeStatus';

/**
 * My Files a page at a time, as My Files and the chat's file picker show it: asked again every few
 * seconds while any file is still being read (a worker job), so its status moves on by itself.
 * `folderId` lists one of the user's folders (null: every file).
 */
export function useFilesList(folderId: string | null = null) {
  const list = useQuery(MyFilesQuery, { variables: { folderId }, fetchPolicy: 'cache-and-network' });
  const page = list.data?.filePage;
  const files = page?.files ?? [];
  const reading = stillReading(files);
  const { startPolling, stopPolling } = list;
  useEffect(() => {
    if (reading) startPolling(2_000);
    else stopPolling();
    return stopPolling;
  }, [reading, startPolling, stopPolling]);
  const more = useLoadMore(
    page?.nextCursor ?? null,
    (after) => list.fetchMore({ variables: { after } }),
    'files',
  );
  return { list, page, files, more };
}
