import { Center } from '@chakra-ui/react';

/** Black or white, whichever reads better on the hex colour `background`. */
function textOn(background: string): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(background)?.[1];
  if (!hex) return 'white';
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  // Contrast against white is (1.05)/(L+0.05); against black (L+0.05)/0.05: pick the larger.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? 'white' : '#111827';
}

export function AssistantAvatar({ color, initial }: { color: string; initial: string }) {
  return (
    <Center
      aria-hidden="true"
      boxSize="8"
      rounded="full"
      bg={color}
      color={textOn(color)}
      fontWeight="bold"
      fontSize="sm"
      flexShrink={0}
    >
      {initial}
    </Center>
  );
}
