import { useQuery } from '@apollo/client/react';
import { Card, Field, HStack, Input, Link, Stack, Table, Text } from '@chakra-ui/react';
import { LuUsers } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { SelectField } from '../../../components/forms/SelectField';
import { PageHeading } from '../../../components/PageHeading';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { useLoadMore } from '../../../hooks/useLoadMore';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { msg, useT } from '../../../lib/i18n';
import { formatBytes, formatDateTime, planLabel } from '../components/format';
import { PagedList } from '../components/ListStates';
import { RoleBadge, StatusBadge } from '../components/StatusBadge';
import { useFilterParams } from '../components/useFilterParams';
import { AdminUsersQuery } from '../graphql';

/** The filters chosen from a list, beside the search box (translated where drawn). */
const SELECTS = [
  {
    key: 'role',
    label: msg('Role'),
    any: msg('Any role'),
    options: [
      { value: 'user', label: msg('Users') },
      { value: 'moderator', label: msg('Moderators') },
      { value: 'admin', label: msg('Admins') },
    ],
  },
  {
    key: 'status',
    label: msg('Status'),
    any: msg('Any status'),
    options: [
      { value: 'active', label: msg('Active') },
      { value: 'suspended', label: msg('Suspended') },
      { value: 'banned', label: msg('Banned') },
    ],
  },
] as const;

/**
 * Accounts, newest first: searched by the start of a username or e-mail address, filtered by role
 * and status (kept in the address, so a filtered list can be linked and Back returns to it).
 */
export default function UsersPage() {
  const t = useT();
  usePageMeta({ title: t('Users · Console'), description: t('Accounts of Chorus.') });
  const [filters, set] = useFilterParams(['q', 'role', 'status']);
  const { q: search, role, status } = filters;
  const debounced = useDebouncedValue(search.trim(), 250);
  const list = useQuery(AdminUsersQuery, {
    variables: { search: debounced || null, role: role || null, status: status || null },
    fetchPolicy: 'cache-and-network',
  });
  const page = list.data?.admin.users;
  const more = useLoadMore(
    page?.nextCursor ?? null,
    (after) => list.fetchMore({ variables: { after } }),
    t('users'),
  );
  const users = page?.users ?? [];

  return (
    <>
      <PageHeading
        title={t('Users')}
        description={t('Find an account to see its plan and usage, and to act on it.')}
      />
      <Card.Root variant="outline">
        <Card.Header>
          <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'flex-end' }}>
            <Field.Root flex="1">
              <Field.Label>{t('Search')}</Field.Label>
              <Input
                type="search"
                value={search}
                placeholder={t('Start of a username or e-mail address')}
                onChange={(e) => set('q', e.target.value)}
                autoComplete="off"
              />
            </Field.Root>
            <HStack gap="3">
              {SELECTS.map((select) => (
                <Field.Root key={select.key} width={{ base: 'full', md: '40' }}>
                  <Field.Label>{t(select.label)}</Field.Label>
                  <SelectField
                    value={filters[select.key]}
                    options={select.options.map((o) => ({ value: o.value, label: t(o.label) }))}
                    emptyOption={t(select.any)}
                    onValueChange={(v) => set(select.key, v)}
                  />
                </Field.Root>
              ))}
            </HStack>
          </Stack>
        </Card.Header>
        <Card.Body px={{ base: '2', md: '6' }}>
          <PagedList
            query={list}
            loaded={Boolean(page)}
            loadingLabel={t('Loading users...')}
            failedTitle={t('Failed to load users')}
            empty={
              users.length === 0
                ? {
                    icon: <LuUsers />,
                    title: t('No users found'),
                    description:
                      debounced || role || status
                        ? t('Nobody matches these filters.')
                        : t('Nobody has signed up yet.'),
                  }
                : null
            }
            more={more}
            moreLabel={t('Load more users')}
          >
            <Table.Root size="sm" interactive aria-label={t('Users')} tableLayout="fixed" width="full">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('User')}</Table.ColumnHeader>
                  <Table.ColumnHeader width="28">{t('Status')}</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="md" width="40">
                    {t('Plan')}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="lg" width="44">
                    {t('This month')}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="lg" width="24" textAlign="end">
                    {t('Storage')}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="md" width="44">
                    {t('Last active')}
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {users.map((user) => (
                  <Table.Row key={user.id}>
                    <Table.Cell>
                      <Stack gap="0.5" minW="0">
                        <HStack gap="2" wrap="wrap">
                          <Link asChild fontWeight="medium" colorPalette="purple" wordBreak="break-all">
                            <RouterLink to={`/admin/users/${user.id}`}>{user.username}</RouterLink>
                          </Link>
                          <RoleBadge role={user.role} />
                        </HStack>
                        <Text color="fg.muted" fontSize="xs" wordBreak="break-all">
                          {user.email}
                        </Text>
                        <Text hideFrom="md" color="fg.muted" fontSize="xs">
                          {t('{plan} · {prompts, plural, one {# prompt} other {# prompts}} this month', {
                            plan: planLabel(user.plan, t),
                            prompts: user.promptsUsed,
                          })}
                        </Text>
                      </Stack>
                    </Table.Cell>
                    <Table.Cell>
                      <StatusBadge status={user.status} />
                    </Table.Cell>
                    <Table.Cell hideBelow="md">{planLabel(user.plan, t)}</Table.Cell>
                    <Table.Cell hideBelow="lg" fontSize="xs" color="fg.muted">
                      {t(
                        '{prompts, plural, one {# prompt} other {# prompts}} · {images, plural, one {# image} other {# images}} · {videos, plural, one {# video} other {# videos}}',
                        { prompts: user.promptsUsed, images: user.imagesUsed, videos: user.videosUsed },
                      )}
                    </Table.Cell>
                    <Table.Cell hideBelow="lg" textAlign="end">
                      {formatBytes(user.storageBytes)}
                    </Table.Cell>
                    <Table.Cell hideBelow="md" fontSize="xs" color="fg.muted">
                      {formatDateTime(user.lastActive)}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </PagedList>
        </Card.Body>
      </Card.Root>
    </>
  );
}
