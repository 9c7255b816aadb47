import { EmptyState, Stack, Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LoadFailed } from '../../../components/LoadFailed';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { PageSpinner } from '../../../components/PageSpinner';
import type { LoadMore } from '../../../hooks/useLoadMore';

export interface EmptyNoticeProps {
  icon: ReactNode;
  title: string;
  description?: string;
}

/** What a console list shows when it has nothing: an icon, a title and why. */
export function EmptyNotice({ icon, title, description }: EmptyNoticeProps) {
  return (
    <EmptyState.Root size="sm">
      <EmptyState.Content>
        <EmptyState.Indicator>{icon}</EmptyState.Indicator>
        <EmptyState.Title>{title}</EmptyState.Title>
        {description ? <EmptyState.Description>{description}</EmptyState.Description> : null}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

interface PagedListProps {
  /** The list's query (Apollo's useQuery result): loading, failed, and Retry. */
  query: { loading: boolean; error?: unknown; refetch: () => Promise<unknown> };
  /** Whether the first page has arrived (until then: the spinner, or the failure with Retry). */
  loaded: boolean;
  /** Said while the first page loads, and when it failed: "Loading users...", "Failed to load users". */
  loadingLabel: string;
  failedTitle: string;
  /** Said instead of the list when it is empty. */
  empty: EmptyNoticeProps | null;
  more: LoadMore;
  moreLabel: string;
  children: ReactNode;
}

/** A paged console list in its states: loading, failed, empty, or the list with "Load more" under it. */
export function PagedList({
  query,
  loaded,
  loadingLabel,
  failedTitle,
  empty,
  more,
  moreLabel,
  children,
}: PagedListProps) {
  if (!loaded && query.loading) return <PageSpinner label={loadingLabel} />;
  if (!loaded && query.error)
    return <LoadFailed title={failedTitle} onRetry={() => void query.refetch().catch(() => {})} />;
  if (empty) return <EmptyNotice {...empty} />;
  return (
    <Stack gap="4">
      {children}
      <LoadMoreButton more={more} label={moreLabel} />
    </Stack>
  );
}

/**
 * A small table of counts: the first column names the row, the others are numbers, aligned at the end.
 * A cell may be a `{ value, color }` to stand out (a failed count in red).
 */
export function CountsTable({
  label,
  columns,
  rows,
  footer,
  names,
}: {
  label: string;
  /** How the first column's names break: task names anywhere (phones), days never (the table scrolls). */
  names: 'break' | 'nowrap';
  columns: readonly string[];
  rows: readonly { key: string; name: ReactNode; counts: readonly (ReactNode | Highlighted)[] }[];
  footer?: { name: ReactNode; counts: readonly ReactNode[] };
}) {
  const [first, ...numbers] = columns;
  return (
    <Table.Root size="sm" aria-label={label}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{first}</Table.ColumnHeader>
          {numbers.map((column) => (
            <Table.ColumnHeader key={column} textAlign="end">
              {column}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={row.key}>
            <Table.Cell {...(names === 'break' ? { wordBreak: 'break-all' } : { whiteSpace: 'nowrap' })}>
              {row.name}
            </Table.Cell>
            {row.counts.map((count, i) =>
              isHighlighted(count) ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed.
                <Table.Cell key={i} textAlign="end" color={count.color}>
                  {count.value}
                </Table.Cell>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed.
                <Table.Cell key={i} textAlign="end">
                  {count}
                </Table.Cell>
              ),
            )}
          </Table.Row>
        ))}
      </Table.Body>
      {footer ? (
        <Table.Footer>
          <Table.Row fontWeight="semibold">
            <Table.Cell>{footer.name}</Table.Cell>
            {footer.counts.map((count, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed.
              <Table.Cell key={i} textAlign="end">
                {count}
              </Table.Cell>
            ))}
          </Table.Row>
        </Table.Footer>
      ) : null}
    </Table.Root>
  );
}

interface Highlighted {
  value: ReactNode;
  color: string | undefined;
}

function isHighlighted(count: ReactNode | Highlighted): count is Highlighted {
  return typeof count === 'object' && count !== null && 'value' in count && 'color' in count;
}
