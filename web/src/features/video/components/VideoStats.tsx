import { HStack } from '@chakra-ui/react';
import { LuHeart } from 'react-icons/lu';
import { msg } from '../../../lib/i18n';
import { IconLabel, useCountText, ViewCount } from './ViewCount';

export function LikeCount({ likes }: { likes: number }) {
  const countText = useCountText();
  return (
    <IconLabel icon={LuHeart}>
      {countText(msg('{count, plural, one {{formatted} like} other {{formatted} likes}}'), likes)}
    </IconLabel>
  );
}

/** Views and likes, as the gallery's cards show them. */
export function VideoStats({
  views,
  likes,
  size = 'sm',
}: {
  views: number;
  likes: number;
  size?: 'sm' | 'md';
}) {
  return (
    <HStack gap="4" fontSize={size} color="fg.muted">
      <ViewCount views={views} />
      <LikeCount likes={likes} />
    </HStack>
  );
}
