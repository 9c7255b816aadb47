import { HStack, Image, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/** The Chorus wordmark with its chat-bubble mark; `to` differs between the public site and the chat. */
export function Logo({ to, onClick }: { to: string; onClick?: () => void }) {
  return (
    <Link asChild fontWeight="bold" fontSize="xl" color="fg" _hover={{ textDecoration: 'none' }}>
      <RouterLink to={to} onClick={onClick}>
        <HStack gap="2">
          {/* Decorative: the link already reads "Chorus". */}
          <Image src="/favicon.svg" alt="" width="28px" height="28px" />
          <Text as="span">Chorus</Text>
        </HStack>
      </RouterLink>
    </Link>
  );
}
