import { Badge, Box, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPencil, LuReply, LuTrash2 } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { t as translate, useLanguage, useT } from '../../../lib/i18n';
import { ReportButton } from '../../moderation/ReportButton';
import { messageTime } from '../../social/components/lastActive';
import type { PostComment } from '../commentsApi';
import { CommentComposer } from './CommentComposer';

interface CommentItemProps {
  comment: PostComment;
  signedIn: boolean;
  /** The signed-in viewer's username: their own comments aren't reportable. */
  viewer: string | null;
  onReply?: (body: string) => Promise<void>;
  onEdit: (body: string) => Promise<void>;
  onDelete: () => Promise<void>;
  children?: React.ReactNode;
}

/**
 * One comment: who (a link to their profile), when, "edited", the text (plain: React escapes it),
 * and what the viewer may do with it: Reply (top-level only), Edit (theirs), Delete (theirs, or on
 * their video), Report (someone else's).
 */
export function CommentItem({
  comment,
  signedIn,
  viewer,
  onReply,
  onEdit,
  onDelete,
  children,
}: CommentItemProps) {
  const t = useT();
  const language = useLanguage();
  const [mode, setMode] = useState<'view' | 'edit' | 'reply' | 'confirmDelete'>('view');
  const [deleting, setDeleting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const name = comment.author.displayName || comment.author.username;

  const remove = async () => {
    setDeleting(true);
    setProblem(null);
    try {
      await onDelete();
    } catch (e) {
      setProblem(
        e instanceof ApiError && e.status < 500
          ? e.message
          : translate('Could not delete the comment. Try again.'),
      );
      setDeleting(false);
    }
  };

  return (
    <Stack as="article" gap="1" aria-label={t('Comment by {name}', { name })} data-comment-id={comment.id}>
      <HStack gap="2" wrap="wrap" fontSize="sm">
        <Link asChild fontWeight="semibold" color="fg">
          <RouterLink to={`/u/${encodeURIComponent(comment.author.username)}`}>{name}</RouterLink>
        </Link>
        <Text as="span" color="fg.muted">
          <time
            dateTime={comment.createdAt}
            title={new Date(comment.createdAt).toLocaleString(language === 'en' ? undefined : language)}
          >
            {messageTime(comment.createdAt)}
          </time>
        </Text>
        {comment.edited ? (
          <Text as="span" color="fg.muted" fontSize="xs">
            {t('(edited)')}
          </Text>
        ) : null}
        {comment.hidden ? (
          <Badge colorPalette="orange" variant="subtle">
            {t('Hidden by moderators')}
          </Badge>
        ) : null}
      </HStack>

      {mode === 'edit' ? (
        <CommentComposer
          label={t('Edit your comment')}
          submitLabel={t('Save')}
          initial={comment.body}
          autoFocus
          onCancel={() => setMode('view')}
          onSubmit={async (body) => {
            await onEdit(body);
            setMode('view');
          }}
        />
      ) : (
        <Text whiteSpace="pre-wrap" wordBreak="break-word" dir="auto">
          {comment.body}
        </Text>
      )}

      {mode === 'confirmDelete' ? (
        <HStack gap="2" wrap="wrap" role="group" aria-label={t('Confirm deletion')}>
          <Text fontSize="sm">
            {comment.replies.length ? t('Delete this comment and its replies?') : t('Delete this comment?')}
          </Text>
          <Button size="xs" colorPalette="red" loading={deleting} onClick={() => void remove()} autoFocus>
            {t('Delete')}
          </Button>
          <Button size="xs" variant="ghost" onClick={() => setMode('view')} disabled={deleting}>
            {t('Cancel')}
          </Button>
        </HStack>
      ) : mode === 'view' && signedIn ? (
        <HStack gap="1" wrap="wrap" ms="-2">
          {onReply ? (
            <Button size="xs" variant="ghost" onClick={() => setMode('reply')}>
              <LuReply aria-hidden="true" /> {t('Reply')}
            </Button>
          ) : null}
          {comment.canEdit ? (
            <Button size="xs" variant="ghost" onClick={() => setMode('edit')}>
              <LuPencil aria-hidden="true" /> {t('Edit')}
            </Button>
          ) : null}
          {comment.canDelete ? (
            <Button size="xs" variant="ghost" onClick={() => setMode('confirmDelete')}>
              <LuTrash2 aria-hidden="true" /> {t('Delete')}
            </Button>
          ) : null}
          {viewer !== comment.author.username ? (
            <ReportButton
              size="xs"
              targetType="comment"
              targetId={comment.id}
              dialogTitle={t('Report this comment')}
              ownerUsername={comment.author.username}
            />
          ) : null}
        </HStack>
      ) : null}
      {problem ? (
        <Text role="alert" fontSize="sm" color="fg.error">
          {problem}
        </Text>
      ) : null}

      {children || mode === 'reply' ? (
        <Stack gap="4" ps={{ base: '3', md: '5' }} mt="2" borderStartWidth="2px" borderColor="border.muted">
          {children}
          {mode === 'reply' && onReply ? (
            <Box>
              <CommentComposer
                label={t('Reply to {name}', { name })}
                submitLabel={t('Reply')}
                autoFocus
                onCancel={() => setMode('view')}
                onSubmit={async (body) => {
                  await onReply(body);
                  setMode('view');
                }}
              />
            </Box>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
