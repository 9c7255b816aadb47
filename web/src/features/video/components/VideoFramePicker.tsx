import { useQuery } from '@apollo/client/react';
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { useLoadMore } from '../../../hooks/useLoadMore';
import { t } from '../../../lib/i18n';
import { GalleryQuery } from '../graphql';

/** The moment chosen, and a still of it for the dialog to show (drawn from the paused video). */
export interface ChosenFrame {
  videoId: string;
  seconds: number;
  /** A data: URL of the frame as the browser shows it; the server takes its own with ffmpeg. */
  preview: string | null;
}

/** "1.5 s" */
const secondsLabel = (seconds: number) => t('{seconds} s', { seconds: seconds.toFixed(1) });

/**
 * "Start from a frame of a video": one of the user's own finished videos (from My Videos), scrubbed
 * to a moment with a slider while the video shows that frame. Only the video's id and the moment
 * are sent: the server extracts the frame itself, so what starts the new video is exactly that
 * frame of the stored file (and the post records which video and when).
 */
export function VideoFramePicker({
  onChoose,
  onCancel,
}: {
  onChoose: (frame: ChosenFrame) => void;
  onCancel: () => void;
}) {
  // The gallery a page at a time, newest first: the videos one most likely continues come first.
  const { data, loading, fetchMore } = useQuery(GalleryQuery, { fetchPolicy: 'cache-and-network' });
  const videos = (data?.gallery.posts ?? []).filter((p) => p.videoId && p.videoUrl);
  const more = useLoadMore(
    data?.gallery.nextCursor ?? null,
    (after) => fetchMore({ variables: { after } }),
    'videos',
  );
  const [videoId, setVideoId] = useState<string | null>(null);
  const chosen = videos.find((v) => v.videoId === videoId) ?? null;
  const [length, setLength] = useState(0);
  const [seconds, setSeconds] = useState(0);
  const player = useRef<HTMLVideoElement>(null);

  // A new video starts at its beginning.
  const choose = (id: string | null) => {
    if (id === videoId) return;
    setVideoId(id);
    setSeconds(0);
    setLength(0);
  };

  const seek = (to: number) => {
    setSeconds(to);
    if (player.current) player.current.currentTime = to;
  };

  const use = () => {
    if (!chosen?.videoId) return;
    let preview: string | null = null;
    const video = player.current;
    try {
      if (video && video.videoWidth > 0) {
        const canvas = document.createElement('canvas');
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        canvas.getContext('2d')?.drawImage(video, 0, 0);
        preview = canvas.toDataURL('image/jpeg', 0.8);
      }
    } catch {
      // A video served from another origin can't be drawn: the thumbnail stands in.
      preview = null;
    }
    onChoose({
      videoId: chosen.videoId,
      seconds: Math.round(seconds * 10) / 10,
      preview: preview ?? chosen.thumbnailUrl ?? null,
    });
  };

  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="3" data-testid="video-frame-picker">
      <Text fontSize="sm" fontWeight="semibold">
        {t('Start from a frame of one of your videos')}
      </Text>
      {loading && videos.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('Loading your videos...')}
        </Text>
      ) : videos.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('You have no finished videos yet.')}
        </Text>
      ) : (
        <HStack gap="2" overflowX="auto" pb="1" role="listbox" aria-label={t('Your videos')}>
          {videos.map((v) => (
            <Box
              as="button"
              key={v.id}
              role="option"
              aria-selected={v.videoId === videoId}
              aria-label={v.title}
              title={v.title}
              onClick={() => choose(v.videoId ?? null)}
              flexShrink={0}
              w="96px"
              h="54px"
              rounded="md"
              overflow="hidden"
              bg="black"
              borderWidth="2px"
              borderColor={v.videoId === videoId ? 'purple.500' : 'transparent'}
              _focusVisible={{ outline: '2px solid', outlineColor: 'purple.500', outlineOffset: '1px' }}
            >
              {v.thumbnailUrl ? (
                <img
                  src={v.thumbnailUrl}
                  alt=""
                  style={{ width: '100%', height: '100%', objectFit: 'cover' }}
                />
              ) : null}
            </Box>
          ))}
        </HStack>
      )}
      <LoadMoreButton more={more} label={t('More videos')} size="xs" />
      {chosen ? (
        <Stack gap="2">
          <video
            ref={player}
            src={chosen.videoUrl}
            poster={chosen.thumbnailUrl ?? undefined}
            muted
            playsInline
            preload="auto"
            aria-label={t('Video: {title}', { title: chosen.title })}
            data-testid="video-frame-player"
            onLoadedMetadata={(event) => setLength(event.currentTarget.duration || chosen.seconds || 0)}
            style={{ width: '100%', maxHeight: '200px', background: 'black', borderRadius: '6px' }}
          />
          <HStack gap="3">
            <input
              type="range"
              min={0}
              // The last frame starts a little before the end (ffmpeg finds nothing at the very end).
              max={Math.max(0, Math.floor((length - 0.1) * 10) / 10)}
              step={0.1}
              value={seconds}
              disabled={length === 0}
              aria-label={t('Moment of the video')}
              aria-valuetext={secondsLabel(seconds)}
              onChange={(event) => seek(Number(event.target.value))}
              style={{ flex: 1, minWidth: 0, accentColor: 'var(--chakra-colors-purple-500)' }}
            />
            <Text fontSize="sm" fontVariantNumeric="tabular-nums" minW="5ch" data-testid="video-frame-time">
              {secondsLabel(seconds)}
            </Text>
          </HStack>
        </Stack>
      ) : null}
      <HStack gap="2" justify="flex-end">
        <Button size="xs" variant="ghost" onClick={onCancel}>
          {t('Cancel')}
        </Button>
        <Button size="xs" colorPalette="purple" onClick={use} disabled={!chosen || length === 0}>
          {t('Use this frame')}
        </Button>
      </HStack>
    </Stack>
  );
}
