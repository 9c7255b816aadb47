import { Box, Text } from '@chakra-ui/react';

/**
 * A plain success/error note for the public account pages (reset, forgot, verify): they load without
 * the full component theme (Alert's recipe), so this stays a styled box.
 */
export function StatusNote({ ok, children }: { ok: boolean; children: string }) {
  return (
    <Box
      role="status"
      borderWidth="1px"
      rounded="md"
      p="3"
      borderColor={ok ? 'green.muted' : 'red.muted'}
      bg={ok ? 'green.subtle' : 'red.subtle'}
    >
      <Text color={ok ? 'green.fg' : 'red.fg'} fontWeight="medium">
        {children}
      </Text>
    </Box>
  );
}
