import { Badge, Box, Button, Container, Heading, Link, Stack, Text, Wrap } from '@chakra-ui/react';
import { videoPageDataOf } from '@chorus/shared/postView';
import { videoDescription, videoPageMeta } from '@chorus/shared/videoPageMeta';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { preload } from 'react-dom';
import { LuCalendar, LuDownload, LuHeart, LuShare2, LuVideoOff } from 'react-icons/lu';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { LocalLongDate } from '../../../components/LocalFormat';
import { PageSpinner } from '../../../components/PageSpinner';
import { notifyError, notifySuccess } from '../../../components/toaster';
import { useApiQuery } from '../../../hooks/useApiQuery';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { ApiError } from '../../../lib/api';
import { msg, useT } from '../../../lib/i18n';
import { whenIdle } from '../../../lib/whenIdle';
import { useAuth } from '../../accounts/session/AuthContext';
import { SIGN_UP_FREE } from '../../accounts/signUpLinks';
import { ReportButton } from '../../moderation/ReportButton';
import { InviteCallout, NotFoundPage } from '../components/EmptyNotice';
import { MakeOneLikeThis, RemixCredit, RemixesSection } from '../components/remix/Remixing';
import { copyVideoLink, downloadUrlOf } from '../components/share';
import { TagBadges } from '../components/TagBadges';
import { VideoPlayer } from '../components/VideoPlayer';
import { LikeCount } from '../components/VideoStats';
import { IconLabel, ViewCount } from '../components/ViewCount';
import { fetchPublicVideo, publicVideoKey, setLike } from '../publicVideos';

// The comments are their own chunk (features/comments), fetched as the page draws: the public video
// page's first JS stays within its budget (web/vite.config.ts INITIAL_JS_BUDGET_KB).
const CommentsSection = lazy(() => import('../../comments/components/CommentsSection'));

/** The head's description while the video loads, or when there is none to show. */
const GENERIC_DESCRIPTION = msg('A short AI-generated video made with Chorus and shared with the community.');

function SignUpBanner() {
  const t = useT();
  return (
    <InviteCallout headingId="create-your-own" p={{ base: '5', md: '8' }}>
      <Heading as="h2" id="create-your-own" size="lg">
        {t('Create Your Own AI Videos')}
      </Heading>
      <Text color="fg.muted">
        {t(
          'Describe a scene in the chat and Chorus turns it into a short video you can keep, download and share.',
        )}
      </Text>
      <Button asChild alignSelf="flex-start">
        <RouterLink to={SIGN_UP_FREE}>{t('Get Started Free')}</RouterLink>
      </Button>
    </InviteCallout>
  );
}

export default function PublicVideoPage() {
  const t = useT();
  const { slug = '' } = useParams();
  const { status, user } = useAuth();
  // Spec §7: any failure is 'Video not found', with no retry. The server counts the view (once per
  // viewer per day) when it answers.
  // A page the server drew with the video asks once more in the background: that request counts the
  // view (crawlers that run no script don't) and adds whether the signed-in viewer liked it.
  const { data, loading, error, setData } = useApiQuery(
    publicVideoKey(slug),
    (signal) => fetchPublicVideo(slug, signal),
    { refreshInitial: true },
  );
  const post = data ?? null;
  const [liking, setLiking] = useState(false);
  // The player starts by itself (spec §2), once the page is ready: a clip that loads and plays while
  // the page is still starting up takes the network and the main thread from it, which on a phone
  // means a late, sluggish page. Until then the poster shows, and the clip is not downloaded.
  const player = useRef<HTMLVideoElement>(null);
  const postId = post?.id;
  useEffect(() => {
    if (!postId) return;
    return whenIdle(() => {
      const video = player.current;
      if (!video) return;
      video.muted = true;
      video.play().catch(() => {
        // A browser that refuses autoplay keeps showing the poster and the play button.
      });
    });
  }, [postId]);

  // The same tags and JSON-LD (VideoObject, breadcrumb) as the server's HTML for this route, from
  // the same builder. Head tags are written in the browser only (the server's HTML carries its own),
  // so the origin the server can't know never reaches what it draws.
  const origin = typeof window === 'undefined' ? null : window.location.origin;
  usePageMeta(
    post && origin
      ? videoPageMeta(videoPageDataOf(post), origin)
      : {
          title: data || error ? t('Video Not Found') : t('Video'),
          description: t(GENERIC_DESCRIPTION),
          canonicalPath: `/videos/${encodeURIComponent(slug)}`,
        },
  );

  // The poster is what the page shows largest first: fetch it ahead of the scripts (on the server
  // React turns this into a <link rel="preload"> in the head).
  if (post?.thumbnailUrl) preload(post.thumbnailUrl, { as: 'image', fetchPriority: 'high' });

  if (!post && loading) return <PageSpinner label={t('Loading video...')} />;

  if (!post) {
    return (
      <NotFoundPage
        title={t('Video Not Found')}
        description={t("The video you're looking for doesn't exist or is not public.")}
        icon={<LuVideoOff aria-hidden="true" />}
      />
    );
  }

  const download = () => {
    if (!post.videoUrl) return;
    notifySuccess(t('Downloading'), t('Your video download has started.'));
    window.location.assign(downloadUrlOf(post.videoUrl, post.title));
  };

  // Optimistic: the button and count change at once; the server's `{ likes, liked }` then stands
  // (others' likes in the meantime included), and a failure puts back what was shown.
  const like = async () => {
    const want = !post.likedByMe;
    const before = { likes: post.likes, likedByMe: post.likedByMe };
    const show = (state: { likes: number; likedByMe: boolean }) =>
      setData((current) => (current ? { ...current, ...state } : current));
    show({ likes: Math.max(0, post.likes + (want ? 1 : -1)), likedByMe: want });
    setLiking(true);
    try {
      const state = await setLike(post.id, want);
      show({ likes: state.likes, likedByMe: state.liked });
      notifySuccess(state.liked ? t('Liked!') : t('Unliked'));
    } catch (e) {
      show(before);
      console.error('Could not like the video', e);
      if (e instanceof ApiError && e.status === 401)
        notifyError(t('Please Log In'), t('Sign in to like videos.'));
      else notifyError(t('Error'), t('Could not update your like'));
    } finally {
      setLiking(false);
    }
  };

  const description = videoDescription(post);
  const author = post.author.displayName || post.author.username;

  return (
    <Container maxW="4xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Box rounded="xl" overflow="hidden" bg="black">
          <VideoPlayer
            key={post.id}
            ref={player}
            src={post.videoUrl}
            poster={post.thumbnailUrl ?? undefined}
            preload="none"
            muted
            playsInline
            controls
            loop
            label={t('Video: {title}', { title: post.title })}
          />
        </Box>

        <Stack gap="3">
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }} wordBreak="break-word" dir="auto">
            {post.title}
          </Heading>
          <RemixCredit remixOf={post.remixOf} />
          <Wrap gap="4" color="fg.muted" fontSize="sm" align="center">
            <ViewCount views={post.views} />
            <LikeCount likes={post.likes} />
            <IconLabel icon={LuCalendar}>
              <LocalLongDate iso={post.createdAt} />
            </IconLabel>
            {post.seconds ? (
              <Badge colorPalette="purple" variant="subtle">
                {t('{seconds}s', { seconds: post.seconds })}
              </Badge>
            ) : null}
            {post.preview ? (
              <Badge
                colorPalette="blue"
                variant="subtle"
                title={t("Made by Chorus's built-in preview renderer")}
              >
                {t('Preview render')}
              </Badge>
            ) : (
              // The visible AI label (the JSON-LD says the same: @chorus/shared/videoPageMeta).
              <Badge
                colorPalette="orange"
                variant="subtle"
                title={t('Made by an AI video model, not filmed')}
                data-testid="ai-label"
              >
                {t('AI-generated')}
              </Badge>
            )}
            <Text>
              {t('by')}{' '}
              <Link asChild color="fg" textDecoration="underline">
                <RouterLink to={`/u/${encodeURIComponent(post.author.username)}`}>{author}</RouterLink>
              </Link>
            </Text>
          </Wrap>
          <Wrap gap="2">
            <Button size="sm" variant="outline" onClick={download} disabled={!post.videoUrl}>
              <LuDownload aria-hidden="true" /> {t('Download')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => void copyVideoLink(post.slug)}>
              <LuShare2 aria-hidden="true" /> {t('Share')}
            </Button>
            <MakeOneLikeThis key={post.id} post={post} />
            {status === 'signedIn' ? (
              <Button
                size="sm"
                variant={post.likedByMe ? 'solid' : 'outline'}
                colorPalette={post.likedByMe ? 'pink' : undefined}
                aria-pressed={post.likedByMe}
                loading={liking}
                onClick={() => void like()}
              >
                <LuHeart aria-hidden="true" /> {post.likedByMe ? t('Liked') : t('Like')}
              </Button>
            ) : status === 'signedOut' ? (
              // Signed out: the button asks them to sign in (likes are one per account).
              <Button asChild size="sm" variant="outline">
                <RouterLink to="/login">
                  <LuHeart aria-hidden="true" /> {t('Log in to like')}
                </RouterLink>
              </Button>
            ) : null}
            {status === 'signedIn' && user?.id !== post.userId ? (
              <ReportButton
                targetType="post"
                targetId={post.id}
                dialogTitle={t('Report this video')}
                ownerUsername={post.author.username}
              />
            ) : null}
          </Wrap>
        </Stack>

        <Stack as="section" aria-labelledby="video-description" gap="2">
          <Heading as="h2" id="video-description" size="md">
            {t('Description')}
          </Heading>
          <Text whiteSpace="pre-wrap" wordBreak="break-word" dir="auto">
            {description}
          </Text>
        </Stack>

        <Stack as="section" aria-labelledby="video-prompt" gap="2">
          <Heading as="h2" id="video-prompt" size="md">
            {t('AI Generation Prompt')}
          </Heading>
          <Box
            bg="bg.muted"
            rounded="md"
            px="4"
            py="3"
            fontFamily="mono"
            fontSize="sm"
            wordBreak="break-word"
          >
            {post.prompt}
          </Box>
          {/* Provenance: what made the video (the page's JSON-LD says the same). */}
          <Text fontSize="sm" color="fg.muted" data-testid="video-provenance">
            {post.preview
              ? t('A preview render by Chorus (no AI model).')
              : post.model && post.provider
                ? t('AI-generated video, made with {model} ({provider}).', {
                    model: post.model,
                    provider: post.provider,
                  })
                : post.model
                  ? t('AI-generated video, made with {model}.', { model: post.model })
                  : t('AI-generated video.')}
          </Text>
        </Stack>

        {post.tags.length > 0 ? (
          <Stack as="section" aria-labelledby="video-tags" gap="2">
            <Heading as="h2" id="video-tags" size="md">
              {t('Tags')}
            </Heading>
            <TagBadges tags={post.tags} large />
          </Stack>
        ) : null}

        <RemixesSection key={post.id} postId={post.id} count={post.remixCount} />
        <Suspense
          fallback={
            <Heading as="h2" size="md">
              {t('Comments')}
            </Heading>
          }
        >
          {/* Drawn again on signing in or out: what the viewer may do with each comment changes. */}
          <CommentsSection key={user?.id ?? 'visitor'} postId={post.id} />
        </Suspense>

        <SignUpBanner />
      </Stack>
    </Container>
  );
}
