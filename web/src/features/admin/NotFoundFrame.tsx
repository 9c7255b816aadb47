import { Box, Container, Flex } from '@chakra-ui/react';
import NotFoundPage from '../../app/NotFoundPage';
import { ColorModeToggle } from '../../components/ColorModeToggle';
import { Logo } from '../../components/Logo';
import { SkipLink } from '../../components/SkipLink';

/**
 * The app's 404 page (app/NotFoundPage.tsx) under a plain header. Not the public top bar and footer
 * of other unknown addresses: imported from the console's chunks (even loaded on demand) those split
 * into more files on every public page, which takes /community-videos over its JS budget.
 */
export default function NotFoundFrame() {
  return (
    <>
      <SkipLink />
      <Box as="header" borderBottomWidth="1px" bg="bg">
        <Container maxW="7xl">
          <Flex h="16" align="center" justify="space-between" gap="3">
            <Logo to="/" />
            <ColorModeToggle />
          </Flex>
        </Container>
      </Box>
      <Box as="main" id="main" flex="1" display="flex" flexDirection="column">
        <NotFoundPage />
      </Box>
    </>
  );
}
