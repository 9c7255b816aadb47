import { Button, Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { UntilHydrated } from '../../../components/forms/UntilHydrated';

interface AuthFormProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The submit button's words. */
  submit: string;
  busy: boolean;
  /** The button's words while busy ("Logging in..."). */
  busyText?: string;
  /** The page arrives pre-rendered (log in, sign up): its controls wait until React has hydrated it. */
  preRendered?: boolean;
  /** The fields, above the button. */
  children: ReactNode;
  /** What follows the button: the way to the neighbouring step, other ways to sign in. */
  after?: ReactNode;
}

/**
 * The form of a step of signing in or up (log in, its second factor, sign up, forgot and reset
 * password): its fields over one large submit button. POST, so a form sent before the script runs
 * never puts a password in the URL; noValidate, because each page says what is wrong in its own words.
 */
export function AuthForm({ onSubmit, submit, busy, busyText, preRendered, children, after }: AuthFormProps) {
  const body = (
    <Stack gap="5">
      {children}
      <Button type="submit" size="lg" loading={busy} loadingText={busyText}>
        {submit}
      </Button>
      {after}
    </Stack>
  );
  return (
    <form method="post" onSubmit={onSubmit} noValidate>
      {preRendered ? <UntilHydrated>{body}</UntilHydrated> : body}
    </form>
  );
}
