import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ToastAction, ToastKind, ToastOptions } from './toastTypes';

/**
 * Spec §9: at most one toast on screen, 5 s each, in a region at most 420px wide. The toast machinery
 * (Chakra's toaster and its zag-js state machines) is a lazy chunk loaded on the first message, so
 * pages that never toast don't download it.
 */
export type { ToastAction, ToastKind, ToastOptions } from './toastTypes';

const ToastRegion = lazy(() => import('./ToastRegion'));
let wanted = false;
const listeners = new Set<() => void>();

export function notify(kind: ToastKind, title: string, description?: string, action?: ToastAction): void {
  showToast({ type: kind, title, description, action });
}

export function showToast(options: ToastOptions): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  import('./ToastRegion')
    .then((region) => region.show(options))
    .catch((error: unknown) => console.warn('Could not show a message', options.title, error));
}

export const notifySuccess = (title: string, description?: string) => notify('success', title, description);
export const notifyError = (title: string, description?: string, action?: ToastAction) =>
  notify('error', title, description, action);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Mounted once at the root; renders the toast region from the first message on. */
export function Toaster() {
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return show ? (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  ) : null;
}
