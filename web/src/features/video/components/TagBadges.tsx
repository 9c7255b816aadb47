import { Badge, Wrap } from '@chakra-ui/react';

/** A video's tags as "#tag" badges, or nothing when it has none; `large` on the video's own page. */
export function TagBadges({ tags, large = false }: { tags: readonly string[]; large?: boolean }) {
  if (tags.length === 0) return null;
  return (
    <Wrap gap={large ? '2' : '1'}>
      {tags.map((tag) => (
        <Badge key={tag} variant="subtle" colorPalette="purple" size={large ? 'lg' : undefined}>
          #{tag}
        </Badge>
      ))}
    </Wrap>
  );
}
