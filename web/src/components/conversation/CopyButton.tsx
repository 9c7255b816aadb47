import { Clipboard, IconButton, type IconButtonProps } from '@chakra-ui/react';
import { LuCheck, LuCopy } from 'react-icons/lu';
import { useT } from '../../lib/i18n';

interface CopyButtonProps extends Omit<IconButtonProps, 'aria-label' | 'value'> {
  value: string;
  /** What is copied, for the button's name ("Copy code", "Copy answer"). */
  label: string;
}

/** Copies `value` to the clipboard; the icon turns into a tick for a moment once copied. */
export function CopyButton({ value, label, ...props }: CopyButtonProps) {
  const t = useT();
  return (
    <Clipboard.Root value={value} timeout={2000}>
      <Clipboard.Context>
        {({ copied }) => (
          <Clipboard.Trigger asChild>
            <IconButton aria-label={copied ? t('Copied') : label} size="xs" variant="ghost" {...props}>
              <Clipboard.Indicator copied={<LuCheck />}>
                <LuCopy />
              </Clipboard.Indicator>
            </IconButton>
          </Clipboard.Trigger>
        )}
      </Clipboard.Context>
    </Clipboard.Root>
  );
}
