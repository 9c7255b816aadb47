import { loadApollo } from '../../app/loadApollo';
import type { PostComment } from './commentsApi';
import { CommentsChangedSubscription } from './graphql';

export interface CommentsChange {
  kind: string;
  commentId: string;
  parentId: string | null;
  comment: PostComment | null;
}

/**
 * Follows a video's comments over the app's graphql-ws socket (Apollo, loaded on demand: this file is
 * in the comments' own chunk, never in the public page's first JS). After a dropped socket it
 * subscribes again, a little later each time. The way to stop.
 */
export function followComments(postId: string, onChange: (change: CommentsChange) => void): () => void {
  let stopped = false;
  let retry: number | undefined;
  let delay = 2_000;
  let subscription: { unsubscribe(): void } | undefined;
  const again = () => {
    subscription?.unsubscribe();
    if (stopped) return;
    window.clearTimeout(retry);
    retry = window.setTimeout(() => void start(), delay);
    delay = Math.min(delay * 2, 30_000);
  };
  async function start() {
    const client = await loadApollo();
    if (stopped) return;
    subscription = client
      .subscribe({ query: CommentsChangedSubscription, variables: { postId }, fetchPolicy: 'no-cache' })
      .subscribe({
        next: (result) => {
          const change = result.data?.commentsChanged;
          if (!change) return void (result.error && again());
          delay = 2_000;
          const comment = change.comment
            ? ({
                ...change.comment,
                replies: change.comment.replies.map((r) => ({ ...r, replies: [] })),
              } as PostComment)
            : null;
          onChange({
            kind: change.kind,
            commentId: change.commentId,
            parentId: change.parentId ?? null,
            comment,
          });
        },
        error: again,
        complete: again,
      });
  }
  void start();
  return () => {
    stopped = true;
    window.clearTimeout(retry);
    subscription?.unsubscribe();
  };
}
