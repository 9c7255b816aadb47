import { Stack, Switch, Text } from '@chakra-ui/react';
import { useId } from 'react';

interface SettingSwitchProps {
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** One labelled on/off preference with a line explaining what it does. */
export function SettingSwitch({ label, description, checked, disabled, onChange }: SettingSwitchProps) {
  const descriptionId = useId();
  return (
    <Stack direction="row" justify="space-between" align="center" gap="4" py="3">
      <Stack gap="0.5">
        <Switch.Root
          checked={checked}
          disabled={disabled}
          onCheckedChange={(details) => onChange(details.checked)}
          flexDirection="row-reverse"
          justifyContent="flex-end"
          gap="3"
        >
          <Switch.HiddenInput aria-describedby={descriptionId} />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label fontWeight="medium">{label}</Switch.Label>
        </Switch.Root>
        <Text id={descriptionId} fontSize="sm" color="fg.muted">
          {description}
        </Text>
      </Stack>
    </Stack>
  );
}
