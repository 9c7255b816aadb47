import { Button, CloseButton, Dialog, Field, Input, Portal } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { LuUserPlus } from 'react-icons/lu';

/** Add Friend: asks a username. An empty or whitespace name is ignored (spec §5). */
export function AddFriendDialog({ onSubmit }: { onSubmit: (username: string) => Promise<boolean> }) {
  const [open, setOpen] = useState(false);
  const [username, setUsername] = useState('');
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    if (!name || sending) return;
    setSending(true);
    const ok = await onSubmit(name);
    setSending(false);
    if (ok) {
      setUsername('');
      setOpen(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(d) => setOpen(d.open)} placement="center">
      <Dialog.Trigger asChild>
        <Button colorPalette="purple">
          <LuUserPlus aria-hidden="true" /> Add Friend
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content as="form" onSubmit={submit}>
            <Dialog.Header>
              <Dialog.Title>Add Friend</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Field.Root>
                <Field.Label>Username</Field.Label>
                <Input
                  name="friend-username"
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  placeholder="Their username"
                  value={username}
                  onChange={(e) => setUsername(e.target.value)}
                />
                <Field.HelperText>They'll get a friend request to accept.</Field.HelperText>
              </Field.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" type="button">
                  Cancel
                </Button>
              </Dialog.ActionTrigger>
              <Button type="submit" colorPalette="purple" loading={sending}>
                Send Request
              </Button>
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
