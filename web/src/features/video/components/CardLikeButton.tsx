import { chakra } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { notifyError } from '../../../components/toaster';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { setLike } from '../publicVideos';

/**
 * Lucide's heart (react-icons' LuHeart), drawn here: as an icon module of its own it is one more
 * file in the public pages' first download, which is at its budget (web/vite.config.ts).
 */
function Heart({ filled }: { filled: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z" />
    </svg>
  );
}

/**
 * A card's heart: the like count, and a like or unlike in one click (one per account, the server's
 * count then stands). Optimistic, put back on failure; signed out the server's 401 says to sign in.
 * It sits above the card's link (LinkBox), so the click likes instead of opening the video.
 */
export function CardLikeButton({
  postId,
  title,
  likes,
  likedByMe,
}: {
  postId: string;
  title: string;
  likes: number;
  likedByMe: boolean;
}) {
  const t = useT();
  const [state, setState] = useState({ likes, liked: likedByMe });
  const [busy, setBusy] = useState(false);
  // A fresher list (the page's refresh with the viewer's likes) replaces what the card shows.
  useEffect(() => setState({ likes, liked: likedByMe }), [likes, likedByMe]);

  const toggle = async () => {
    const before = state;
    const want = !state.liked;
    setState({ likes: Math.max(0, state.likes + (want ? 1 : -1)), liked: want });
    setBusy(true);
    try {
      setState(await setLike(postId, want));
    } catch (e) {
      setState(before);
      if (e instanceof ApiError && e.status === 401)
        notifyError(t('Please Log In'), t('Sign in to like videos.'));
      else notifyError(t('Error'), t('Could not update your like'));
    } finally {
      setBusy(false);
    }
  };

  return (
    // A plain styled button, not Chakra's Button: its recipe would cost the public pages' first
    // download, which is at its budget (web/vite.config.ts).
    <chakra.button
      type="button"
      display="inline-flex"
      alignItems="center"
      gap="1"
      position="relative"
      zIndex="1"
      ms="-2"
      px="2"
      minH="8"
      rounded="md"
      cursor="pointer"
      color={state.liked ? 'pink.fg' : 'fg.muted'}
      _hover={{ bg: 'bg.muted', color: state.liked ? 'pink.fg' : 'fg' }}
      _disabled={{ opacity: 0.6, cursor: 'wait' }}
      focusRing="outside"
      aria-pressed={state.liked}
      disabled={busy}
      onClick={() => void toggle()}
    >
      {/* Named by what it shows, the count first (the name contains the visible text), then what it
          does; aria-pressed says whether you like it. */}
      <Heart filled={state.liked} /> <span aria-hidden="true">{state.likes}</span>
      <chakra.span srOnly>
        {t('{count, plural, one {{likes} like} other {{likes} likes}}, like {title}', {
          count: state.likes,
          likes: state.likes,
          title,
        })}
      </chakra.span>
    </chakra.button>
  );
}
