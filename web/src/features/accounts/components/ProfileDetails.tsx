import { Avatar, DataList, HStack, Stack, Text } from '@chakra-ui/react';
import { msg, useLanguage, useT } from '../../../lib/i18n';
import type { Viewer } from '../session/AuthContext';
import { useLongDate } from './useLongDate';

/** One labelled fact of the profile; the value's own layout (wrapping, breaking) passes through. */
function Detail({ label, children, ...valueStyle }: DataList.ItemValueProps & { label: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{useT()(label)}</DataList.ItemLabel>
      <DataList.ItemValue {...valueStyle}>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** An optional field the person left empty. */
function NotSet() {
  const t = useT();
  return (
    <Text as="span" color="fg.muted">
      {t('Not set')}
    </Text>
  );
}

/** Read-only view of the profile. */
export function ProfileDetails({ user }: { user: Viewer }) {
  const name = user.displayName || user.username;
  const t = useT();
  const language = useLanguage();
  const longDate = useLongDate();
  return (
    <Stack gap="6">
      <HStack gap="4">
        <Avatar.Root size="xl">
          <Avatar.Fallback name={name} />
          {user.avatar ? <Avatar.Image src={user.avatar} alt={t("{name}'s avatar", { name })} /> : null}
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
        <Detail label={msg('Username')}>{user.username}</Detail>
        <Detail label={msg('Email')} wordBreak="break-all">
          {user.email}
        </Detail>
        <Detail label={msg('Display name')}>{user.displayName || <NotSet />}</Detail>
        <Detail label={msg('Bio')} whiteSpace="pre-wrap">
          {user.bio || <NotSet />}
        </Detail>
        <Detail label={msg('Points')}>
          {user.points.toLocaleString(language === 'en' ? 'en-US' : language)}
        </Detail>
        <Detail label={msg('Member since')}>{longDate(user.createdAt)}</Detail>
      </DataList.Root>
    </Stack>
  );
}
