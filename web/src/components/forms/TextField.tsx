import { chakra } from '@chakra-ui/react';
import { inputRecipe } from '@chakra-ui/react/theme';
import { type ComponentProps, type ReactNode, useId } from 'react';

/**
 * A native <input> with Chakra's input recipe: looks like Chakra's `Input`, without the Ark field
 * machinery that `Input` brings along (a few KB on the sign-in pages).
 */
export const PlainInput = chakra('input', inputRecipe);

type TextFieldProps = Omit<ComponentProps<typeof PlainInput>, 'id'> & {
  label: string;
  helperText?: ReactNode;
  /** What is wrong with the value: shown under the field, which is then marked invalid. */
  error?: string | null;
  /** The new value on each edit (instead of `onChange`'s event). */
  onValueChange?: (value: string) => void;
};

/**
 * A labelled, required text input for the public forms, styled like Chakra's Field (vertical) with
 * an Input: the label names the input, the helper text describes it.
 */
export function TextField({ label, helperText, error, onValueChange, ...inputProps }: TextFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, helperText ? helperId : null].filter(Boolean).join(' ');
  return (
    <chakra.div
      display="flex"
      flexDirection="column"
      alignItems="flex-start"
      width="100%"
      position="relative"
      gap="1.5"
    >
      <chakra.label
        htmlFor={id}
        display="flex"
        alignItems="center"
        textAlign="start"
        textStyle="sm"
        fontWeight="medium"
        gap="1"
        userSelect="none"
      >
        {label}
      </chakra.label>
      <PlainInput
        id={id}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...inputProps}
        onChange={onValueChange ? (event) => onValueChange(event.target.value) : inputProps.onChange}
      />
      {error ? (
        <chakra.div id={errorId} color="fg.error" textStyle="xs" fontWeight="medium">
          {error}
        </chakra.div>
      ) : null}
      {helperText ? (
        <chakra.div id={helperId} color="fg.muted" textStyle="xs">
          {helperText}
        </chakra.div>
      ) : null}
    </chakra.div>
  );
}
