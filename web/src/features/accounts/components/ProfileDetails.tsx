import { Avatar, DataList, HStack, Stack, Text } from '@chakra-ui/react';
import { formatLongDate } from '../../../lib/formatDate';
import type { Viewer } from '../session/AuthContext';

/** One labelled fact of the profile; the value's own layout (wrapping, breaking) passes through. */
function Detail({ label, children, ...valueStyle }: DataList.ItemValueProps & { label: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue {...valueStyle}>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** An optional field the person left empty. */
function NotSet() {
  return (
    <Text as="span" color="fg.muted">
      Not set
    </Text>
  );
}

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
        <Detail label="Username">{user.username}</Detail>
        <Detail label="Email" wordBreak="break-all">
          {user.email}
        </Detail>
        <Detail label="Display name">{user.displayName || <NotSet />}</Detail>
        <Detail label="Bio" whiteSpace="pre-wrap">
          {user.bio || <NotSet />}
        </Detail>
        <Detail label="Points">{user.points.toLocaleString('en-US')}</Detail>
        <Detail label="Member since">{formatLongDate(user.createdAt)}</Detail>
      </DataList.Root>
    </Stack>
  );
}
