import { chakra, useSlotRecipe } from '@chakra-ui/react';
import { avatarSlotRecipe } from '@chakra-ui/react/theme';
import { useState } from 'react';

/** Chakra's initials: the first letters of the first and last words, or of the only one. */
function initialsOf(name: string): string {
  const names = name.trim().split(' ');
  const first = names[0] ?? '';
  const last = names.length > 1 ? names[names.length - 1]! : '';
  return first && last ? `${first.charAt(0)}${last.charAt(0)}` : first.charAt(0);
}

/**
 * Chakra's Avatar (initials, replaced by the picture once it has loaded) with the same recipe, for a
 * public page: without the Ark/zag state machine Avatar runs, which is several KB of JavaScript.
 */
export function PlainAvatar({
  name,
  src,
  size = 'md',
  colorPalette,
}: {
  name: string;
  colorPalette?: string;
  src?: string | null;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
}) {
  const styles = useSlotRecipe({ recipe: avatarSlotRecipe })({ size });
  const [loaded, setLoaded] = useState(false);
  return (
    <chakra.span css={styles.root} colorPalette={colorPalette} data-scope="avatar" data-part="root">
      <chakra.span css={styles.fallback} hidden={loaded}>
        {initialsOf(name)}
      </chakra.span>
      {src ? (
        <chakra.img
          css={styles.image}
          src={src}
          alt=""
          draggable={false}
          referrerPolicy="no-referrer"
          hidden={!loaded}
          onLoad={() => setLoaded(true)}
          onError={() => setLoaded(false)}
        />
      ) : null}
    </chakra.span>
  );
}
