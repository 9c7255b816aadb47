import { type FormEvent, useState } from 'react';

const messageOfError = (e: unknown) => (e as Error).message;

/**
 * A form's submit: busy while the action runs, and what went wrong as the form's error (cleared on
 * each try). `problem` checks the fields first and stops with its message, without going busy.
 */
export function useFormAction(describe: (e: unknown) => string = messageOfError) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(describe(e));
    } finally {
      setBusy(false);
    }
  };
  const onSubmit = (action: () => Promise<unknown>, problem?: () => string | null) => (event: FormEvent) => {
    event.preventDefault();
    const message = problem?.() ?? null;
    if (message) setError(message);
    else void run(action);
  };
  return { busy, error, setError, run, onSubmit };
}
