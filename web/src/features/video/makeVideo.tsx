import { Button } from '@chakra-ui/react';
import { createContext, useContext } from 'react';
import { LuClapperboard } from 'react-icons/lu';
import { useT } from '../../lib/i18n';

/** A picture in the chat that a video can start from: its address and what it shows. */
export interface PictureForVideo {
  url: string;
  alt: string;
}

/** Opens the video dialog starting from a picture; provided by the chat page. */
export const MakeVideoContext = createContext<((picture: PictureForVideo) => void) | null>(null);

/** The first generated picture of an answer (an @image answer's `![prompt](/media/…)`). */
export function pictureOf(markdown: string): PictureForVideo | null {
  const match = /!\[([^\]]*)\]\((\/media\/[^)\s]+)\)/.exec(markdown);
  return match ? { alt: match[1] ?? '', url: match[2]! } : null;
}

/** "Make a video from this picture" under an @image answer (image-to-video). */
export function MakeVideoButton({ markdown }: { markdown: string }) {
  const t = useT();
  const open = useContext(MakeVideoContext);
  const picture = pictureOf(markdown);
  if (!open || !picture) return null;
  return (
    <Button size="xs" variant="outline" mt="2" onClick={() => open(picture)}>
      <LuClapperboard aria-hidden="true" /> {t('Make a video from this picture')}
    </Button>
  );
}
