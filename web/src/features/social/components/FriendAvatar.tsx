import { Avatar, Box, Float } from '@chakra-ui/react';
import { nameOf } from './lastActive';

/** A friend's avatar with a green dot while they are online. */
export function FriendAvatar({
  friend,
  online,
  size = 'md',
}: {
  friend: { username: string; displayName?: string | null; avatar?: string | null };
  online?: boolean;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Avatar.Root size={size} colorPalette="purple" flexShrink={0}>
      <Avatar.Fallback name={nameOf(friend)} />
      {friend.avatar ? <Avatar.Image src={friend.avatar} alt="" /> : null}
      {online ? (
        <Float placement="bottom-end" offsetX="1" offsetY="1">
          <Box bg="green.500" boxSize="2.5" rounded="full" outline="2px solid" outlineColor="bg" />
        </Float>
      ) : null}
    </Avatar.Root>
  );
}
