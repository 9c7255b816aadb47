import type { ComponentPropsWithRef } from 'react';

type VideoPlayerProps = Omit<ComponentPropsWithRef<'video'>, 'children'> & {
  /** Announced name of the player, e.g. the video's title. */
  label: string;
};

/**
 * Every video element of the app, 16:9 and letterboxed. Generated clips come without dialogue or a
 * transcript, so there is no caption track to offer; the label names the video for screen readers.
 */
export function VideoPlayer({ label, style, ref, ...props }: VideoPlayerProps) {
  return (
    <video
      ref={ref}
      aria-label={label}
      style={{ width: '100%', aspectRatio: '16 / 9', display: 'block', objectFit: 'contain', ...style }}
      {...props}
    />
  );
}
