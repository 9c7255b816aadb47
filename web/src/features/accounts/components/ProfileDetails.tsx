import { Avatar, DataList, HStack, Stack, Text } from '@chakra-ui/react';
import { formatLongDate } from '../../../lib/formatDate';
import type { Viewer } from '../session/AuthContext';

/** Read-only view of the profile. */
export function ProfileDetails({ user }: { user: Viewer }) {
  const name = user.displayName || user.username;
  return (
    <Stack gap="6">
      <HStack gap="4">
        <Avatar.Root size="xl">
          <Avatar.Fallback name={name} />
          {user.avatar ? <Avatar.Image src={user.avatar} alt={`${name}'s avatar`} /> : null}
        </Avatar.Root>
        <Stack gap="0" minW="0">
          <Text fontWeight="bold" fontSize="xl" truncate>
            {name}
          </Text>
          <Text color="fg.muted" truncate>
            @{user.username}
          </Text>
        </Stack>
      </HStack>
      <DataList.Root orientation="horizontal" gap="4">
        <DataList.Item>
          <DataList.ItemLabel>Username</DataList.ItemLabel>
          <DataList.ItemValue>{user.username}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Email</DataList.ItemLabel>
          <DataList.ItemValue wordBreak="break-all">{user.email}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Display name</DataList.ItemLabel>
          <DataList.ItemValue>
            {user.displayName || (
              <Text as="span" color="fg.muted">
                Not set
              </Text>
            )}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Bio</DataList.ItemLabel>
          <DataList.ItemValue whiteSpace="pre-wrap">
            {user.bio || (
              <Text as="span" color="fg.muted">
                Not set
              </Text>
            )}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Points</DataList.ItemLabel>
          <DataList.ItemValue>{user.points.toLocaleString('en-US')}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Member since</DataList.ItemLabel>
          <DataList.ItemValue>{formatLongDate(user.createdAt)}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
    </Stack>
  );
}
