import { Badge, Box, Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { LuClapperboard } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';

/**
 * Sending while the Video Generator is current opens this dialog instead of a chat message. Video
 * generation ships in the next release, so it shows the prompt and says so plainly (no fake progress).
 */
export function VideoDialog({ prompt, onClose }: { prompt: string | null; onClose: () => void }) {
  return (
    <Dialog.Root
      open={prompt !== null}
      onOpenChange={(details) => (details.open ? null : onClose())}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title display="flex" alignItems="center" gap="2">
                <LuClapperboard aria-hidden="true" /> Generate a video
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Box>
                  <Text fontSize="sm" fontWeight="semibold" mb="1">
                    Your prompt
                  </Text>
                  <Box bg="bg.muted" rounded="md" px="3" py="2" whiteSpace="pre-wrap" wordBreak="break-word">
                    {prompt?.trim() ? (
                      prompt
                    ) : (
                      <Text as="span" color="fg.muted">
                        (no prompt yet)
                      </Text>
                    )}
                  </Box>
                </Box>
                <Stack
                  gap="2"
                  borderWidth="1px"
                  borderStyle="dashed"
                  borderColor="colorPalette.muted"
                  rounded="md"
                  p="3"
                  role="status"
                >
                  <Badge colorPalette="purple" alignSelf="flex-start">
                    Coming next
                  </Badge>
                  <Text fontWeight="semibold">Video generation arrives in the next release</Text>
                  <Text fontSize="sm" color="fg.muted">
                    Nothing was sent and no prompt was used. Soon this dialog will turn your prompt into a 4,
                    8 or 12 second video you can save to your gallery and share.
                  </Text>
                </Stack>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button asChild variant="outline">
                <RouterLink to="/ai-video-generator">About video generation</RouterLink>
              </Button>
              <Dialog.ActionTrigger asChild>
                <Button>Close</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
