import { Box, Container, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { USE_CASE_PAGES } from '../features/seo/useCasePaths';

const PRODUCT_LINKS = [
  { label: 'Features', to: '/features' },
  { label: 'AI Video Generator', to: '/ai-video-generator' },
  { label: 'Community Videos', to: '/community-videos' },
  ...USE_CASE_PAGES.map((page) => ({ label: page.title, to: page.path })),
];

/** The spec lists these company pages but gives them no destination yet, so they are shown, not linked. */
const COMPANY_PLACEHOLDERS = ['About', 'Blog', 'Careers', 'Privacy', 'Terms', 'Security'];

export function SiteFooter() {
  return (
    <Box as="footer" borderTopWidth="1px" mt="auto" py="10" bg="bg.subtle">
      <Container maxW="6xl">
        <Flex direction={{ base: 'column', md: 'row' }} gap="8" justify="space-between">
          <Stack gap="2" maxW="sm">
            <Text fontWeight="bold" fontSize="lg">
              Chorus
            </Text>
            <Text color="fg.muted" fontSize="sm">
              Chat with the world's leading AI assistants in one place, and turn ideas into short videos.
            </Text>
          </Stack>
          <Flex gap="12" wrap="wrap">
            <Stack as="nav" aria-label="Product" gap="2">
              <Heading as="h2" size="sm">
                Product
              </Heading>
              {PRODUCT_LINKS.map((item) => (
                <Link key={item.to} asChild fontSize="sm" color="fg.muted">
                  <RouterLink to={item.to}>{item.label}</RouterLink>
                </Link>
              ))}
            </Stack>
            <Stack gap="2">
              <Heading as="h2" size="sm">
                Company
              </Heading>
              {COMPANY_PLACEHOLDERS.map((label) => (
                <Text key={label} as="span" fontSize="sm" color="fg.muted" title="Coming soon">
                  {label}
                </Text>
              ))}
            </Stack>
          </Flex>
        </Flex>
        <Text mt="10" fontSize="sm" color="fg.muted">
          © 2025 Chorus. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}
