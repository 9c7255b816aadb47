import {
  Box,
  Button,
  Center,
  Field,
  HStack,
  IconButton,
  Text,
  Textarea,
  VisuallyHidden,
} from '@chakra-ui/react';
import { LuSend } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { ComingSoonCard } from '../ComingSoonCard';

/** The chat's main column for this release: what is coming, and the composer in its final place (disabled). */
export function ChatComingSoon() {
  return (
    <Box as="main" id="main" flex="1" minW="0" display="flex" flexDirection="column">
      <VisuallyHidden>
        <h1>AI Chat</h1>
      </VisuallyHidden>
      <Center flex="1" p={{ base: '4', md: '8' }} overflowY="auto">
        <Box maxW="2xl" width="full">
          <ComingSoonCard
            title="Chat arrives in the next release"
            badge="Coming next"
            description="This is where you will talk with GPT, Claude, Grok, Gemini, Perplexity and more. Start a message with @claude, @grok or @gemini to pick who answers; @video turns a prompt into a short video."
            highlights={[
              'Answers stream in word by word',
              'Your chats are saved in the sidebar, newest first',
              'Specialised assistants for study, code and images',
            ]}
          >
            <Button asChild variant="outline" alignSelf="flex-start">
              <RouterLink to="/features">See what Chorus will do</RouterLink>
            </Button>
          </ComingSoonCard>
        </Box>
      </Center>
      <Box borderTopWidth="1px" p={{ base: '3', md: '4' }}>
        <Box maxW="3xl" mx="auto">
          <Field.Root disabled>
            <VisuallyHidden asChild>
              <Field.Label>Message</Field.Label>
            </VisuallyHidden>
            <HStack width="full" align="flex-end" gap="2">
              <Textarea placeholder="Message Chorus..." rows={1} resize="none" maxH="120px" />
              <IconButton aria-label="Send message" disabled>
                <LuSend />
              </IconButton>
            </HStack>
          </Field.Root>
          <Text mt="2" fontSize="xs" color="fg.muted">
            Default: GPT
          </Text>
        </Box>
      </Box>
    </Box>
  );
}
