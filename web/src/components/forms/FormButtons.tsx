import { Button, HStack } from '@chakra-ui/react';

/** A small inline form's submit button and its Cancel, side by side. */
export function FormButtons({
  submit,
  busy,
  onCancel,
  colorPalette,
}: {
  submit: string;
  busy: boolean;
  onCancel: () => void;
  colorPalette?: string;
}) {
  return (
    <HStack gap="2">
      <Button type="submit" colorPalette={colorPalette} size="sm" loading={busy}>
        {submit}
      </Button>
      <Button variant="ghost" size="sm" onClick={onCancel}>
        Cancel
      </Button>
    </HStack>
  );
}
