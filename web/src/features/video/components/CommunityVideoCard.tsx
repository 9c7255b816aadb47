import { Badge, Box, Card, chakra, HStack, LinkBox, LinkOverlay, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { LuPlay } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { useLocalizedPath } from '../../languages/useLocalizedPath';
import type { PublicPost } from '../publicVideos';
import { CardLikeButton } from './CardLikeButton';
import { TagBadges } from './TagBadges';
import { VideoPlayer } from './VideoPlayer';
import { ViewCount } from './ViewCount';

/** The width a card is drawn at: one column on phones, two from 640 px, three (about 360 px) from 1024 px. */
const CARD_SIZES = '(min-width: 1024px) 360px, (min-width: 640px) calc(50vw - 40px), calc(100vw - 32px)';

/**
 * The card's still, in place of the video's `poster` (which takes one size only): the stored poster
 * is 640x360, and the media server scales posters to 384 px on request (`?w=384`, api
 * http/posterSizes.ts), so a phone or a three-column row downloads the small one.
 */
function Poster({ url, hidden }: { url: string; hidden: boolean }) {
  const scalable = /^\/media\/videos\/[^?#]+\.jpg$/.test(url);
  return (
    <chakra.img
      src={url}
      srcSet={scalable ? `${url}?w=384 384w, ${url} 640w` : undefined}
      sizes={scalable ? CARD_SIZES : undefined}
      alt=""
      decoding="async"
      position="absolute"
      inset="0"
      w="full"
      h="full"
      objectFit="contain"
      pointerEvents="none"
      opacity={hidden ? 0 : 1}
      transition="opacity 0.15s"
    />
  );
}

/**
 * A public video as a card that opens its page (/videos/{slug}): the thumbnail, title, its creator (a
 * link to their profile, /u/{username}), prompt, the first 3 tags, a like button, views and the length. With
 * `playOnHover` the clip plays muted while the pointer (or keyboard focus) is on the card, and pauses
 * and rewinds when it leaves (the generator page).
 */
export function CommunityVideoCard({
  post,
  playOnHover = false,
  headingLevel = 'h3',
}: {
  post: Pick<
    PublicPost,
    | 'id'
    | 'slug'
    | 'title'
    | 'prompt'
    | 'tags'
    | 'views'
    | 'seconds'
    | 'videoUrl'
    | 'thumbnailUrl'
    | 'preview'
    | 'author'
    | 'likes'
    | 'likedByMe'
  >;
  playOnHover?: boolean;
  /** h2 where the cards sit right under the page's h1 (headings must not skip a level). */
  headingLevel?: 'h2' | 'h3';
}) {
  const t = useT();
  const localized = useLocalizedPath();
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const titleId = `community-${post.id}-title`;

  const play = () => {
    const element = video.current;
    if (!element) return;
    element.muted = true;
    element.play().then(
      () => setPlaying(true),
      () => {
        // A browser that refuses autoplay keeps showing the thumbnail; nothing to tell the visitor.
      },
    );
  };
  const stop = () => {
    setPlaying(false);
    const element = video.current;
    if (!element) return;
    element.pause();
    element.currentTime = 0;
  };
  const hover = playOnHover ? { onMouseEnter: play, onMouseLeave: stop, onFocus: play, onBlur: stop } : {};

  return (
    <LinkBox as="article" aria-labelledby={titleId} {...hover} h="full">
      <Card.Root
        variant="outline"
        overflow="hidden"
        h="full"
        transition="border-color 0.15s, box-shadow 0.15s"
        _hover={{ borderColor: 'colorPalette.muted', shadow: 'md' }}
        _focusWithin={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
      >
        <Box position="relative" bg="black">
          <VideoPlayer
            ref={video}
            src={post.videoUrl}
            preload={post.thumbnailUrl ? 'none' : 'metadata'}
            muted
            playsInline
            loop={playOnHover}
            tabIndex={-1}
            label={t('Preview of {title}', { title: post.title })}
          />
          {post.thumbnailUrl ? <Poster url={post.thumbnailUrl} hidden={playing} /> : null}
          {post.seconds ? (
            <Badge position="absolute" bottom="2" insetEnd="2" variant="solid" colorPalette="gray">
              {t('{seconds}s', { seconds: post.seconds })}
            </Badge>
          ) : null}
          {/* Every card says what made it: a preview render, or an AI model (the label the video's page shows). */}
          <Badge
            position="absolute"
            bottom="2"
            insetStart="2"
            variant="solid"
            colorPalette={post.preview ? 'blue' : 'gray'}
          >
            {post.preview ? t('Preview') : t('AI-generated')}
          </Badge>
          {playOnHover ? (
            <Box position="absolute" top="2" insetStart="2" color="white" opacity={0.85} aria-hidden="true">
              <LuPlay />
            </Box>
          ) : null}
        </Box>
        <Card.Body gap="2" p="4">
          <Card.Title
            as={headingLevel}
            id={titleId}
            fontSize="md"
            lineClamp={2}
            wordBreak="break-word"
            dir="auto"
          >
            <LinkOverlay asChild>
              <RouterLink to={localized(`/videos/${encodeURIComponent(post.slug)}`)}>{post.title}</RouterLink>
            </LinkOverlay>
          </Card.Title>
          {/* The creator's profile: a link of its own above the card's (LinkBox lifts it). */}
          <Text fontSize="sm" color="fg.muted" truncate>
            {t('by')}{' '}
            {/* Inline (not Link's inline-flex), so a long name is cut with an ellipsis, not hidden. */}
            {/* A Box, not Chakra's Link: its recipe would cost the gallery's first download (JS budget). */}
            <Box
              asChild
              display="inline"
              color="fg"
              textDecoration="underline"
              textUnderlineOffset="2px"
              _hover={{ color: 'colorPalette.fg' }}
              focusRing="outside"
            >
              <RouterLink to={`/u/${encodeURIComponent(post.author.username)}`}>
                {post.author.displayName || post.author.username}
              </RouterLink>
            </Box>
          </Text>
          <Text fontSize="sm" color="fg.muted" lineClamp={2} wordBreak="break-word" dir="auto">
            {post.prompt}
          </Text>
          <TagBadges tags={post.tags.slice(0, 3)} />
          <HStack gap="4" fontSize="sm" color="fg.muted" mt="auto">
            <CardLikeButton
              postId={post.id}
              title={post.title}
              likes={post.likes}
              likedByMe={post.likedByMe}
            />
            <ViewCount views={post.views} />
            {post.seconds ? <Text>{t('{seconds} seconds', { seconds: post.seconds })}</Text> : null}
          </HStack>
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}
