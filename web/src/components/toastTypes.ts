import type { ReactNode } from 'react';

/**
 * What a toast says, shared by the toaster (toaster.tsx, which every page imports) and the lazy
 * region that draws it (ToastRegion.tsx), so neither imports the other back.
 */
export type ToastKind = 'success' | 'error' | 'info';

/** A button inside the toast, e.g. "See plans" when a plan's allowance is used up. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

/** One message; description may carry links (e.g. the outbox preview), duration defaults to 5 s. */
export interface ToastOptions {
  type: ToastKind;
  title: string;
  description?: ReactNode;
  action?: ToastAction;
  duration?: number;
}
