import { Button, Heading, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { fieldSlotRecipe, textareaRecipe } from '@chakra-ui/react/theme';
import { useCallback, useEffect, useRef, useState } from 'react';
import { LuMessageSquare } from 'react-icons/lu';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useHydrated } from '../../../hooks/useHydrated';
import { useLanguage, useT } from '../../../lib/i18n';
import { registerRecipes } from '../../../theme/registerRecipes';
import { useAuth } from '../../accounts/session/AuthContext';
import { appendPage, countComments, removeComment, upsertComment } from '../commentList';
import type { PostComment } from '../commentsApi';
import * as api from '../commentsApi';
import { followComments } from '../liveComments';
import { CommentComposer } from './CommentComposer';
import { CommentItem } from './CommentItem';

registerRecipes({ recipes: { textarea: textareaRecipe }, slotRecipes: { field: fieldSlotRecipe } });

interface State {
  comments: PostComment[];
  nextCursor: string | null;
  /** The server's count when the first page came, moved by what the page learnt since. */
  total: number;
}

/**
 * A video's comments under its player (features/video/pages/PublicVideoPage.tsx loads this lazily:
 * its own chunk, outside the public pages' first JS). Signed-in viewers also follow changes live
 * (liveComments.ts), so someone else's comment, edit or deletion shows without a reload.
 */
export default function CommentsSection({ postId }: { postId: string }) {
  const t = useT();
  const language = useLanguage();
  const { status: sessionStatus, user } = useAuth();
  // The server drew this without a session (and it hydrates after the page, when its chunk is in):
  // what depends on who is signed in waits for hydration, so the markup matches what was drawn.
  const status = useHydrated() ? sessionStatus : 'checking';
  const location = useLocation();
  const [state, setState] = useState<State | null>(null);
  const [failed, setFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const sectionRef = useRef<HTMLDivElement>(null);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      const page = await api.fetchComments(postId);
      setState({ comments: page.comments, nextCursor: page.nextCursor, total: page.total });
    } catch {
      setFailed(true);
    }
  }, [postId]);

  // The page mounts this again when the viewer signs in or out (its key): what they may do changes.
  useEffect(() => {
    void load();
  }, [load]);

  // A notification's link (…#comments) lands here once the comments are drawn.
  const drawn = state !== null;
  useEffect(() => {
    if (drawn && location.hash === '#comments') sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [drawn, location.hash]);

  /** Puts what the page learnt into the list, the count moving by what was added or taken out. */
  const change = useCallback((next: (list: PostComment[], more: boolean) => PostComment[]) => {
    setState((s) => {
      if (!s) return s;
      const comments = next(s.comments, s.nextCursor !== null);
      return {
        ...s,
        comments,
        total: Math.max(0, s.total + countComments(comments) - countComments(s.comments)),
      };
    });
  }, []);

  useEffect(() => {
    if (status !== 'signedIn') return;
    return followComments(postId, (event) => {
      if (event.kind === 'deleted') change((list) => removeComment(list, event.commentId));
      else if (event.comment) {
        const comment = event.comment;
        // A new top-level comment belongs after the pages not loaded yet: "Load more" brings it.
        change((list, more) => upsertComment(list, comment, !more));
      } else change((list) => removeComment(list, event.commentId));
    });
  }, [status, postId, change]);

  const loadMore = async () => {
    if (!state?.nextCursor) return;
    setLoadingMore(true);
    try {
      const page = await api.fetchComments(postId, state.nextCursor);
      setState((s) =>
        s ? { ...s, comments: appendPage(s.comments, page.comments), nextCursor: page.nextCursor } : s,
      );
    } catch {
      setFailed(true);
    } finally {
      setLoadingMore(false);
    }
  };

  const post = async (body: string, parentId?: string) => {
    const comment = await api.addComment(postId, body, parentId);
    change((list, more) => upsertComment(list, comment, !more || !!parentId));
  };
  const edit = async (id: string, body: string) => {
    const comment = await api.editComment(id, body);
    change((list) => upsertComment(list, comment, false));
  };
  const remove = async (id: string) => {
    await api.deleteComment(id);
    change((list) => removeComment(list, id));
  };

  const signedIn = status === 'signedIn';
  const viewer = user?.username ?? null;
  const total = state?.total ?? 0;

  return (
    <Stack
      as="section"
      ref={sectionRef}
      id="comments"
      aria-labelledby="video-comments"
      gap="4"
      scrollMarginTop="20"
    >
      <HStack gap="2" align="baseline">
        <Heading as="h2" id="video-comments" size="md">
          {t('Comments')}
        </Heading>
        {state ? (
          <Text color="fg.muted" fontSize="sm" data-testid="comment-count">
            {t('{count, plural, one {{formatted} comment} other {{formatted} comments}}', {
              count: total,
              formatted: total.toLocaleString(language === 'en' ? 'en-US' : language),
            })}
          </Text>
        ) : null}
      </HStack>

      {signedIn ? (
        <CommentComposer label={t('Add a comment')} submitLabel={t('Post')} onSubmit={(body) => post(body)} />
      ) : status === 'signedOut' ? (
        <Text fontSize="sm">
          <Link asChild color="fg" textDecoration="underline">
            <RouterLink to="/login">{t('Sign in to comment')}</RouterLink>
          </Link>
        </Text>
      ) : null}

      {failed && !state ? (
        <HStack gap="3">
          <Text color="fg.muted">{t('Comments could not be loaded.')}</Text>
          <Button size="sm" variant="outline" onClick={() => void load()}>
            {t('Try again')}
          </Button>
        </HStack>
      ) : !state ? (
        <HStack gap="2" color="fg.muted" role="status">
          <Spinner size="sm" /> <Text>{t('Loading comments…')}</Text>
        </HStack>
      ) : state.comments.length === 0 ? (
        <HStack gap="2" color="fg.muted" py="2">
          <LuMessageSquare aria-hidden="true" />
          <Text>{t('No comments yet — be the first.')}</Text>
        </HStack>
      ) : (
        <Stack as="ul" gap="5" listStyleType="none" aria-label={t('Comments')}>
          {state.comments.map((comment) => (
            <li key={comment.id}>
              <CommentItem
                comment={comment}
                signedIn={signedIn}
                viewer={viewer}
                onReply={(body) => post(body, comment.id)}
                onEdit={(body) => edit(comment.id, body)}
                onDelete={() => remove(comment.id)}
              >
                {comment.replies.length
                  ? comment.replies.map((reply) => (
                      <CommentItem
                        key={reply.id}
                        comment={reply}
                        signedIn={signedIn}
                        viewer={viewer}
                        onEdit={(body) => edit(reply.id, body)}
                        onDelete={() => remove(reply.id)}
                      />
                    ))
                  : null}
              </CommentItem>
            </li>
          ))}
        </Stack>
      )}

      {state?.nextCursor ? (
        <Button
          alignSelf="center"
          variant="outline"
          size="sm"
          loading={loadingMore}
          onClick={() => void loadMore()}
        >
          {t('Load more comments')}
        </Button>
      ) : null}
      {failed && state ? (
        <Text color="fg.error" fontSize="sm" role="alert">
          {t('More comments could not be loaded. Try again.')}
        </Text>
      ) : null}
    </Stack>
  );
}
