import { Button, CloseButton, Dialog, List, Portal, Text } from '@chakra-ui/react';
import type { PlanInfo } from '@chorus/shared/plans';

/** Shown after a successful upgrade; closes on its button, the close icon or a backdrop click. */
export function WelcomeModal({
  plan,
  open,
  onClose,
}: {
  plan: PlanInfo | null;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog.Root
      open={open && plan !== null}
      onOpenChange={(details) => (details.open ? null : onClose())}
      placement="center"
      closeOnInteractOutside
    >
      <Portal>
        <Dialog.Backdrop data-testid="welcome-backdrop" />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Welcome to {plan?.name}!</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text mb="3">Your subscription is active. Here is what you can do now:</Text>
              <List.Root ps="5" gap="1">
                {plan?.features.slice(0, 5).map((feature) => (
                  <List.Item key={feature}>{feature}</List.Item>
                ))}
              </List.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button>Start exploring</Button>
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
