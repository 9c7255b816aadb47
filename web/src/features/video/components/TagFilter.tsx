import { Button, Wrap } from '@chakra-ui/react';
import { useT } from '../../../lib/i18n';

/**
 * Spec §5: a tag filter is a single selection (All or one tag) that combines with the search. Each
 * chip is a toggle button, so screen readers hear which one is on.
 */
export function TagFilter({
  tags,
  selected,
  onSelect,
  label,
}: {
  tags: readonly string[];
  selected: string | null;
  onSelect: (tag: string | null) => void;
  label?: string;
}) {
  const t = useT();
  if (tags.length === 0) return null;
  const chip = (tag: string | null, text: string) => {
    const active = selected === tag;
    return (
      <Button
        key={tag ?? '__all'}
        size="xs"
        rounded="full"
        variant={active ? 'solid' : 'outline'}
        colorPalette={active ? 'purple' : 'gray'}
        aria-pressed={active}
        onClick={() => onSelect(tag)}
        maxW="full"
      >
        {text}
      </Button>
    );
  };
  return (
    <Wrap gap="2" aria-label={label ?? t('Filter by tag')} role="group">
      {chip(null, t('All'))}
      {tags.map((tag) => chip(tag, `#${tag}`))}
    </Wrap>
  );
}
