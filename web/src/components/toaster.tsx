import { Toaster as ChakraToaster, createToaster, Portal, Stack, Toast } from '@chakra-ui/react';

/**
 * Spec §9: at most one toast on screen, 5 s each, in a region at most 420px wide. The newest message
 * replaces the current one instead of queueing behind it, so feedback always matches the last action.
 */
export const toaster = createToaster({
  placement: 'bottom-end',
  max: 1,
  duration: 5000,
  pauseOnPageIdle: true,
});

type ToastKind = 'success' | 'error' | 'info';

/** A button inside the toast, e.g. "See plans" when a plan's allowance is used up. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export function notify(kind: ToastKind, title: string, description?: string, action?: ToastAction): void {
  // The toaster re-renders synchronously (flushSync); deferring lets effects call notify() safely.
  queueMicrotask(() => {
    toaster.remove();
    toaster.create({ type: kind, title, description, closable: true, action });
  });
}

export const notifySuccess = (title: string, description?: string) => notify('success', title, description);
export const notifyError = (title: string, description?: string, action?: ToastAction) =>
  notify('error', title, description, action);

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} maxW="420px">
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} maxW="420px">
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.action ? <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger> : null}
            {toast.closable ? <Toast.CloseTrigger /> : null}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
