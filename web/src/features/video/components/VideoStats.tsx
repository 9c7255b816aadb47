import { HStack, Text } from '@chakra-ui/react';
import { LuEye, LuHeart } from 'react-icons/lu';

/** Views and likes with their words for screen readers (the icons alone say nothing). */
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
      <HStack gap="1">
        <LuEye aria-hidden="true" />
        <Text>
          {views.toLocaleString()} {views === 1 ? 'view' : 'views'}
        </Text>
      </HStack>
      <HStack gap="1">
        <LuHeart aria-hidden="true" />
        <Text>
          {likes.toLocaleString()} {likes === 1 ? 'like' : 'likes'}
        </Text>
      </HStack>
    </HStack>
  );
}
