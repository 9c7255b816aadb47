import { Box, type BoxProps } from '@chakra-ui/react';

/** The assistant's colour as a small round mark; decorative, its name is always written beside it. */
export function AssistantDot({ color, ...props }: { color: string } & BoxProps) {
  return (
    <Box as="span" aria-hidden="true" boxSize="2.5" rounded="full" flexShrink={0} bg={color} {...props} />
  );
}
