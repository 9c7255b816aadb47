import { notifyError, notifySuccess } from '../components/toaster';
import { readApiFailure } from '../graphql/errors';
import { t } from './i18n';

/** The server's own reason when it refused on purpose, else the fallback (never a raw stack or code). */
export function failureMessage(error: unknown, fallback: string): string {
  const failure = readApiFailure(error);
  return failure.kind === 'rejected' ? failure.message : fallback;
}

/** Toasts a failure: the server's reason when it gave one, else the fallback. */
export function notifyFailure(title: string, error: unknown, fallback = t('Please try again.')): void {
  notifyError(title, failureMessage(error, fallback));
}

export interface MutationToast {
  /** Toasted when the action succeeds; left out, success is silent. */
  success?: { title: string; description?: string };
  /** The failure toast's title, and the text shown when the server gave no reason. */
  failure: { title: string; fallback?: string };
}

/**
 * Runs one mutation (or any request) and says how it went in a toast. Resolves to true on success,
 * false on failure, so the caller can close its dialog or keep it open.
 */
export async function runWithToast(action: () => Promise<unknown>, toast: MutationToast): Promise<boolean> {
  try {
    await action();
  } catch (error) {
    notifyFailure(toast.failure.title, error, toast.failure.fallback);
    return false;
  }
  if (toast.success) notifySuccess(toast.success.title, toast.success.description);
  return true;
}
