import type { ComponentProps } from 'react';
import { TextField } from './TextField';

type PasswordFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'autoComplete'> & {
  /** A password being chosen (the browser may suggest one) rather than the current one. */
  isNew?: boolean;
};

/** A password input: the current one, or with `isNew` one being chosen. */
export function PasswordField({ isNew, ...props }: PasswordFieldProps) {
  return <TextField type="password" autoComplete={isNew ? 'new-password' : 'current-password'} {...props} />;
}
