import { NativeSelect } from '@chakra-ui/react';

export interface SelectOption {
  value: string;
  label: string;
}

type SelectFieldProps = Omit<NativeSelect.RootProps, 'children' | 'onChange'> & {
  /** Names the select where no visible label does (inside a Field, its label names it). */
  'aria-label'?: string;
  value: string;
  options: readonly SelectOption[];
  /** A first entry with the value '' (e.g. "Send to a friend…"), for when nothing is chosen yet. */
  emptyOption?: string;
  onValueChange: (value: string) => void;
};

/** A native <select> in Chakra's style over a list of options: every dropdown of the app. */
export function SelectField({
  'aria-label': ariaLabel,
  value,
  options,
  emptyOption,
  onValueChange,
  ...root
}: SelectFieldProps) {
  return (
    <NativeSelect.Root {...root}>
      <NativeSelect.Field
        aria-label={ariaLabel}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
      >
        {emptyOption === undefined ? null : <option value="">{emptyOption}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
