import { HStack } from '@chakra-ui/react';
import { LuHeart } from 'react-icons/lu';
import { LocalCount } from '../../../components/LocalFormat';
import { IconLabel, ViewCount } from './ViewCount';

export function LikeCount({ likes }: { likes: number }) {
  return (
    <IconLabel icon={LuHeart}>
      <LocalCount value={likes} /> {likes === 1 ? 'like' : 'likes'}
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
