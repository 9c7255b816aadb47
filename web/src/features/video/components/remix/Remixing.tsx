import { Button, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { RemixOrigin } from '@chorus/shared/postView';
import { lazy, Suspense, useState } from 'react';
import { LuRepeat2 } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { useLanguage, useT } from '../../../../lib/i18n';
import { useAuth } from '../../../accounts/session/AuthContext';
import { signInAndReturn } from '../../../accounts/signInReturn';

// Both are their own chunks, fetched when needed: the public video page stays within its initial-JS
// budget (web/vite.config.ts). The dialog brings Apollo with it, which this page otherwise does without.
const RemixDialog = lazy(() => import('./RemixDialog'));
const RemixesList = lazy(() => import('./RemixesList'));

/** "Remix of <title> by @user", linking the original (api video/core/posts.ts: null once it isn't public). */
export function RemixCredit({ remixOf }: { remixOf: RemixOrigin | null }) {
  const t = useT();
  if (!remixOf) return null;
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="remix-credit">
      <LuRepeat2 aria-hidden="true" style={{ display: 'inline', verticalAlign: '-2px' }} /> {t('Remix of')}{' '}
      <Link asChild color="fg" textDecoration="underline">
        <RouterLink to={remixOf.url}>
          <span dir="auto">{remixOf.title}</span>
        </RouterLink>
      </Link>{' '}
      {t('by')}{' '}
      <Link asChild color="fg" textDecoration="underline">
        <RouterLink to={`/u/${encodeURIComponent(remixOf.author.username)}`}>
          @{remixOf.author.username}
        </RouterLink>
      </Link>
    </Text>
  );
}

/**
 * "Make one like this": signed in, the video dialog with this video's prompt, the new video crediting
 * it (remixOf); signed out, the login page, which comes back here.
 */
export function MakeOneLikeThis({
  post,
}: {
  post: { id: string; slug: string; prompt: string; thumbnailUrl: string | null };
}) {
  const t = useT();
  const { status } = useAuth();
  const [open, setOpen] = useState(false);
  if (status === 'signedOut') {
    return (
      <Button asChild size="sm" variant="outline">
        <RouterLink to={signInAndReturn(`/videos/${encodeURIComponent(post.slug)}`)}>
          <LuRepeat2 aria-hidden="true" /> {t('Log in to make one like this')}
        </RouterLink>
      </Button>
    );
  }
  return (
    <>
      {/* Disabled until the session is known (and so in the server's HTML, until hydration). */}
      <Button size="sm" variant="outline" disabled={status !== 'signedIn'} onClick={() => setOpen(true)}>
        <LuRepeat2 aria-hidden="true" /> {t('Make one like this')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <RemixDialog
            prompt={post.prompt}
            remixOf={post.id}
            poster={post.thumbnailUrl}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** "Remixes (n)" and their cards, when the video has any. */
export function RemixesSection({ postId, count }: { postId: string; count: number }) {
  const t = useT();
  const language = useLanguage();
  if (count < 1) return null;
  return (
    <Stack as="section" aria-labelledby="video-remixes" gap="3">
      <Heading as="h2" id="video-remixes" size="md">
        {t('Remixes ({count})', { count: count.toLocaleString(language === 'en' ? undefined : language) })}
      </Heading>
      <Suspense fallback={null}>
        <RemixesList postId={postId} />
      </Suspense>
    </Stack>
  );
}
