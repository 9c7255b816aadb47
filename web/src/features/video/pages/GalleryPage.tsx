import { useMutation, useQuery } from '@apollo/client/react';
import {
  Badge,
  Box,
  Button,
  Card,
  Field,
  HStack,
  Input,
  InputGroup,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { type FormEvent, useMemo, useState } from 'react';
import { LuDownload, LuExternalLink, LuPencil, LuSearch, LuTrash2 } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { AppDialog, ConfirmDialog, DialogDismiss } from '../../../components/AppDialog';
import { LoadFailed } from '../../../components/LoadFailed';
import { Notice } from '../../../components/Notice';
import { PageHeading } from '../../../components/PageHeading';
import { PageSpinner } from '../../../components/PageSpinner';
import { notifyError, notifySuccess } from '../../../components/toaster';
import type { PostFieldsFragment } from '../../../graphql/__generated__/graphql';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { useLoadMore } from '../../../hooks/useLoadMore';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { useT } from '../../../lib/i18n';
import { failureMessage } from '../../../lib/mutationToast';
import { EmptyNotice, NoMatchingVideos } from '../components/EmptyNotice';
import { downloadUrlOf } from '../components/share';
import { TagBadges } from '../components/TagBadges';
import { TagFilter } from '../components/TagFilter';
import { VideoGrid } from '../components/VideoGrid';
import { VideoPlayer } from '../components/VideoPlayer';
import { VideoStats } from '../components/VideoStats';
import { VideosInTheMaking } from '../components/VideosInTheMaking';
import { DeletePostMutation, GalleryQuery, GalleryTagsQuery, UpdatePostMutation } from '../graphql';

type Post = PostFieldsFragment;

function ConfirmDelete({ post, onClose }: { post: Post; onClose: () => void }) {
  const t = useT();
  const [deletePost, { loading }] = useMutation(DeletePostMutation, {
    // Spec §4: confirm, delete, update the list. A refetch would answer only the first page and drop
    // the pages read after it, so the post leaves the cache (every list drops it) and each list's
    // count goes down by one; the tags are asked again.
    update: (cache) => {
      cache.evict({ id: cache.identify({ __typename: 'Post', id: post.id }) });
      cache.modify({
        fields: {
          gallery: (page, { isReference }) =>
            isReference(page) ? page : { ...page, total: Math.max(0, Number(page.total) - 1) },
        },
      });
      cache.gc();
    },
    refetchQueries: [GalleryTagsQuery],
    awaitRefetchQueries: true,
  });
  const confirm = async () => {
    try {
      await deletePost({ variables: { id: post.id } });
      notifySuccess(t('Deleted'), t('Post deleted successfully'));
      onClose();
    } catch (error) {
      console.error('Could not delete the post', error);
      notifyError(t('Error'), t('Failed to delete post'));
    }
  };
  return (
    <ConfirmDialog title={t('Delete post')} loading={loading} onConfirm={confirm} onClose={onClose}>
      <Stack gap="2">
        <Text>{t('Are you sure you want to delete this post?')}</Text>
        <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
          {t('"{title}" and its video will be removed for good, also from the community gallery.', {
            title: post.title,
          })}
        </Text>
      </Stack>
    </ConfirmDialog>
  );
}

const parseTags = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim().replace(/^#/, '').toLowerCase())
    .filter(Boolean);

function EditPost({ post, onClose }: { post: Post; onClose: () => void }) {
  const t = useT();
  const [title, setTitle] = useState(post.title);
  const [description, setDescription] = useState(post.description ?? '');
  const [tags, setTags] = useState(post.tags.join(', '));
  const [isPublic, setIsPublic] = useState(post.isPublic);
  const [problem, setProblem] = useState<string | null>(null);
  // The card shows the edit from the cache; the tag filter's buttons are asked again.
  const [updatePost, { loading }] = useMutation(UpdatePostMutation, { refetchQueries: [GalleryTagsQuery] });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      await updatePost({
        variables: {
          id: post.id,
          input: {
            title: title.trim(),
            description: description.trim() || null,
            tags: parseTags(tags),
            isPublic,
          },
        },
      });
      notifySuccess(t('Post Updated'), isPublic ? t('Your video is public.') : t('Your video is private.'));
      onClose();
    } catch (error) {
      setProblem(failureMessage(error, t('Could not save your changes. Please try again.')));
    }
  };

  return (
    <AppDialog
      onClose={onClose}
      onSubmit={(event: FormEvent) => void submit(event)}
      title={t('Edit video')}
      footer={
        <>
          <DialogDismiss />
          <Button type="submit" loading={loading}>
            {t('Save')}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        {problem ? <Notice status="error" role="alert" title={problem} /> : null}
        <Field.Root required>
          <Field.Label>{t('Title')}</Field.Label>
          <Input value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('Description')}</Field.Label>
          <Textarea
            value={description}
            rows={3}
            maxLength={5000}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('Tags')}</Field.Label>
          <Input
            value={tags}
            placeholder={t('surfing, cats, ocean')}
            onChange={(e) => setTags(e.target.value)}
          />
          <Field.HelperText>{t('Separate tags with commas (up to 10).')}</Field.HelperText>
        </Field.Root>
        <Switch.Root checked={isPublic} onCheckedChange={(details) => setIsPublic(details.checked)}>
          <Switch.HiddenInput />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label>{t('Public: shown in the community gallery and at its own link')}</Switch.Label>
        </Switch.Root>
      </Stack>
    </AppDialog>
  );
}

function GalleryCard({
  post,
  onEdit,
  onDelete,
}: {
  post: Post;
  onEdit: (post: Post) => void;
  onDelete: (post: Post) => void;
}) {
  const t = useT();
  const titleId = `post-${post.id}-title`;
  return (
    <Card.Root as="article" aria-labelledby={titleId} overflow="hidden" variant="outline">
      <Box position="relative" bg="black">
        <VideoPlayer
          src={post.videoUrl}
          poster={post.thumbnailUrl ?? undefined}
          controls
          preload="metadata"
          playsInline
          label={t('Video: {title}', { title: post.title })}
        />
        <HStack position="absolute" top="2" insetStart="2" gap="1" pointerEvents="none">
          {post.seconds ? (
            <Badge variant="solid" colorPalette="gray">
              {t('{seconds}s', { seconds: post.seconds })}
            </Badge>
          ) : null}
          {/* The 700 shades: white on Chakra's solid green / orange is under 4.5:1. */}
          {post.hiddenReason ? (
            <Badge variant="solid" colorPalette="red" bg="colorPalette.700">
              {t('Hidden by moderators')}
            </Badge>
          ) : (
            <Badge variant="solid" colorPalette={post.isPublic ? 'green' : 'orange'} bg="colorPalette.700">
              {post.isPublic ? t('Public') : t('Private')}
            </Badge>
          )}
          {post.preview ? (
            <Badge
              variant="solid"
              colorPalette="blue"
              title={t("Made by Chorus's built-in preview renderer")}
            >
              {t('Preview')}
            </Badge>
          ) : null}
        </HStack>
      </Box>
      <Card.Body gap="2" p="4">
        <Card.Title as="h2" id={titleId} fontSize="md" lineClamp={2} wordBreak="break-word" dir="auto">
          {post.title}
        </Card.Title>
        <Text fontSize="sm" color="fg.muted" lineClamp={3} wordBreak="break-word" dir="auto">
          {post.prompt}
        </Text>
        {post.hiddenReason ? (
          // Moderators (or enough reports) took it out of the community: its owner is told why.
          <Text fontSize="sm" color="fg.error" data-testid="hidden-reason" wordBreak="break-word">
            {t('Hidden by moderators: {reason}', { reason: post.hiddenReason })}
          </Text>
        ) : null}
        <TagBadges tags={post.tags} />
        <VideoStats views={post.views} likes={post.likes} />
      </Card.Body>
      <Card.Footer p="4" pt="0" gap="2" flexWrap="wrap">
        <Button asChild size="sm" variant="outline">
          <a
            href={downloadUrlOf(post.videoUrl, post.title)}
            download
            aria-label={t('Download {title}', { title: post.title })}
          >
            <LuDownload aria-hidden="true" /> {t('Download')}
          </a>
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => onEdit(post)}
          aria-label={t('Edit {title}', { title: post.title })}
        >
          <LuPencil aria-hidden="true" /> {t('Edit')}
        </Button>
        {post.isPublic ? (
          <Button asChild size="sm" variant="ghost">
            <RouterLink
              to={`/videos/${encodeURIComponent(post.slug)}`}
              aria-label={t('Open the page of {title}', { title: post.title })}
            >
              <LuExternalLink aria-hidden="true" /> {t('Open')}
            </RouterLink>
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          onClick={() => onDelete(post)}
          aria-label={t('Delete {title}', { title: post.title })}
        >
          <LuTrash2 aria-hidden="true" /> {t('Delete')}
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}

export default function GalleryPage() {
  const t = useT();
  usePageMeta({
    title: t('My Video Gallery'),
    description: t('The videos you have generated and saved with Chorus.'),
  });
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState<string | null>(null);
  const [editing, setEditing] = useState<Post | null>(null);
  const [deleting, setDeleting] = useState<Post | null>(null);
  const query = useDebouncedValue(search.trim(), 300);
  const tags = useQuery(GalleryTagsQuery, { fetchPolicy: 'cache-and-network' });
  const allTags = useMemo(
    () => [...(tags.data?.galleryTags ?? [])].sort((a, b) => a.localeCompare(b)),
    [tags.data],
  );
  // A tag that disappeared (its last video deleted or edited) no longer filters.
  const activeTag = tag && allTags.includes(tag) ? tag : null;
  const { data, previousData, loading, error, refetch, fetchMore } = useQuery(GalleryQuery, {
    variables: { search: query || null, tag: activeTag },
    fetchPolicy: 'cache-and-network',
  });
  // While another search loads, the last answer stays on screen instead of a spinner.
  const page = (data ?? previousData)?.gallery;
  const posts = page?.posts ?? [];
  const total = page?.total ?? 0;
  const filtering = Boolean(query || activeTag);

  const more = useLoadMore(
    page?.nextCursor ?? null,
    (after) => fetchMore({ variables: { after } }),
    t('videos'),
  );

  let content: React.ReactNode;
  if (!page && loading) {
    content = <PageSpinner label={t('Loading your gallery...')} />;
  } else if (!page && error) {
    content = (
      <LoadFailed
        title={t('Could not load your gallery')}
        role="alert"
        retryVariant="solid"
        onRetry={() => void refetch().catch(() => {})}
      />
    );
  } else if (total === 0) {
    content = (
      <EmptyNotice
        title={t('No videos yet')}
        description={t('Generate videos and save them to your gallery')}
        link={{ to: '/chat', label: t('Generate a video') }}
      />
    );
  } else {
    content = (
      <Stack gap="4">
        <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'center' }}>
          <InputGroup startElement={<LuSearch aria-hidden="true" />} maxW={{ md: 'sm' }} w="full">
            <Input
              type="search"
              aria-label={t('Search your videos')}
              placeholder={t('Search by title or prompt')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </InputGroup>
        </Stack>
        <TagFilter tags={allTags} selected={activeTag} onSelect={setTag} />
        {posts.length === 0 && filtering ? (
          <NoMatchingVideos title={t('No matching videos')} />
        ) : (
          <VideoGrid
            posts={posts}
            card={(post) => <GalleryCard post={post} onEdit={setEditing} onDelete={setDeleting} />}
            columns={{ base: 1, md: 2, xl: 3 }}
            gap="4"
            more={more}
          />
        )}
      </Stack>
    );
  }

  return (
    <>
      <PageHeading
        title={t('My Video Gallery')}
        description={t('Every video you generate and save, in one place.')}
      >
        {page ? (
          <Text fontWeight="medium" role="status">
            {t('{count} video(s) saved', { count: total })}
          </Text>
        ) : null}
      </PageHeading>
      <VideosInTheMaking />
      {content}
      {editing ? <EditPost post={editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? <ConfirmDelete post={deleting} onClose={() => setDeleting(null)} /> : null}
    </>
  );
}
