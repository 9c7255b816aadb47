import { notifyError, notifySuccess } from '../../../components/toaster';
import { t } from '../../../lib/i18n';

/** The public page of a saved video, as a full link to paste anywhere. */
export function shareUrlOf(slug: string): string {
  return `${window.location.origin}/videos/${encodeURIComponent(slug)}`;
}

/** Copies a video's public link and says so (spec §8: 'Link Copied', or 'Share - Could not copy link'). */
export async function copyVideoLink(slug: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(shareUrlOf(slug));
    notifySuccess(t('Link Copied'), t('Video link copied to clipboard'));
    return true;
  } catch (error) {
    console.error('Could not copy the video link', error);
    notifyError(t('Share'), t('Could not copy link'));
    return false;
  }
}

/**
 * A media URL that downloads instead of playing: the server answers `?download=<name>` with a
 * Content-Disposition attachment, so navigating to it saves the file and leaves the page in place.
 */
export function downloadUrlOf(videoUrl: string, title: string): string {
  const base =
    title
      .replace(/\.\.\.$/, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'video';
  const separator = videoUrl.includes('?') ? '&' : '?';
  return `${videoUrl}${separator}download=${encodeURIComponent(`${base}.mp4`)}`;
}

/** Spec §9: the estimate reads in seconds under a minute, otherwise in minutes. */
export function formatRemaining(seconds: number): string {
  if (seconds < 60)
    return t('{seconds, plural, one {# second remaining} other {# seconds remaining}}', { seconds });
  const minutes = Math.ceil(seconds / 60);
  return t('{minutes, plural, one {About # minute remaining} other {About # minutes remaining}}', {
    minutes,
  });
}
