import { Button, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { LuDownload, LuExternalLink, LuGalleryVerticalEnd, LuHeart, LuShare2 } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { PostFieldsFragment, VideoJobFieldsFragment } from '../../../../graphql/__generated__/graphql';
import { t } from '../../../../lib/i18n';
import { VideoPlayer } from '../VideoPlayer';
import { savedLine } from './videoDialogRules';

/**
 * The finished video: the player, where it was saved (with "Make private" once shared), what made
 * it, and Download, View in Gallery, Like and Share.
 */
export function VideoResult({
  job,
  prompt,
  post,
  saving,
  liking,
  onMakePrivate,
  onLike,
  onShare,
}: {
  job: VideoJobFieldsFragment;
  /** The prompt it was made from, for the player's label. */
  prompt: string;
  post: PostFieldsFragment | null;
  saving: boolean;
  liking: boolean;
  onMakePrivate: () => void;
  onLike: () => void;
  onShare: () => void;
}) {
  return (
    <Stack gap="3">
      <VideoPlayer
        src={job.videoUrl ?? undefined}
        poster={job.thumbnailUrl ?? undefined}
        controls
        autoPlay
        muted
        playsInline
        label={t('Video: {title}', { title: prompt })}
        style={{ borderRadius: '8px', background: 'black' }}
      />
      <HStack gap="2" wrap="wrap">
        <Text fontSize="sm" color="fg.muted" role="status">
          {savedLine(saving, post)}
        </Text>
        {post?.isPublic ? (
          <Button size="xs" variant="ghost" onClick={onMakePrivate}>
            {t('Make private')}
          </Button>
        ) : null}
      </HStack>
      {!job.preview ? (
        <Text fontSize="xs" color="fg.muted" data-testid="video-provenance">
          {job.model && job.provider
            ? t('AI video made with {model} ({provider})', { model: job.model, provider: job.provider })
            : job.model
              ? t('AI video made with {model}', { model: job.model })
              : job.provider
                ? t('AI video made with an AI model ({provider})', { provider: job.provider })
                : t('AI video made with an AI model')}
        </Text>
      ) : null}
      <Wrap gap="2">
        <Button asChild size="sm" variant="outline">
          <a href={job.downloadUrl ?? job.videoUrl ?? undefined} download>
            <LuDownload aria-hidden="true" /> {t('Download')}
          </a>
        </Button>
        <Button asChild size="sm" variant="outline">
          <RouterLink to="/gallery">
            <LuGalleryVerticalEnd aria-hidden="true" /> {t('View in Gallery')}
          </RouterLink>
        </Button>
        {post?.isPublic ? (
          <Button asChild size="sm" variant="outline">
            <RouterLink to={`/videos/${encodeURIComponent(post.slug)}`}>
              <LuExternalLink aria-hidden="true" /> {t('Open video page')}
            </RouterLink>
          </Button>
        ) : null}
        <Button
          size="sm"
          variant={post?.likedByMe ? 'solid' : 'outline'}
          colorPalette={post?.likedByMe ? 'pink' : undefined}
          aria-pressed={post?.likedByMe ?? false}
          loading={liking}
          onClick={onLike}
        >
          <LuHeart aria-hidden="true" /> {post?.likedByMe ? t('Liked') : t('Like')}
          {post && post.likes > 0 ? ` (${post.likes.toLocaleString()})` : ''}
        </Button>
        <Button size="sm" variant="outline" onClick={onShare}>
          <LuShare2 aria-hidden="true" /> {t('Share')}
        </Button>
      </Wrap>
    </Stack>
  );
}
