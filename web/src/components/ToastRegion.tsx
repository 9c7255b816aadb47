import { Toaster as ChakraToaster, createToaster, Portal, Stack, Toast } from '@chakra-ui/react';
import { toastSlotRecipe } from '@chakra-ui/react/theme';
import { useEffect } from 'react';
import { registerRecipes } from '../theme/registerRecipes';
import type { ToastOptions } from './toastTypes';

registerRecipes({ slotRecipes: { toast: toastSlotRecipe } });

// Top right, just below the bars at the top of the page: at the bottom the toast covered the chat's
// Send button and the video dialog's Close; up here it covers content, not a control (on phones it
// spans the width). How far down is measured when a toast shows (clearTopBars).
const toaster = createToaster({
  placement: 'top-end',
  offsets: { top: 'var(--toast-top, 4.5rem)', right: '1rem', bottom: '1rem', left: '1rem' },
  max: 1,
  duration: 5000,
  pauseOnPageIdle: true,
});

/**
 * WCAG AA (4.5:1) for white text: Chakra's success toast is white on green.600 (3.3:1), a darker green
 * passes; links in a toast (the outbox preview) take the toast's own colour instead of purple.
 */
const TOAST_CONTRAST = {
  '&[data-type=success]': { bg: 'green.700' },
  '& a': { color: 'inherit' },
};

// Messages sent before the region is on screen wait for it, so the first toast is never lost.
let markMounted: () => void;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/**
 * Puts toasts below the bars stacked at the top of the window: the page's `header` and any bar under
 * it marked `data-top-bar` (the chat's title bar with Export and Share), so a toast never covers
 * their buttons, however tall they are on a phone. Bars further down the page don't count.
 */
function clearTopBars() {
  // Over an open dialog the bars are behind its backdrop: the usual strip, which firstSteps.e2e checks
  // covers none of a dialog's controls.
  if (document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]')) {
    document.documentElement.style.removeProperty('--toast-top');
    return;
  }
  let bottom = 0;
  for (const bar of document.querySelectorAll('header, [data-top-bar]')) {
    const box = bar.getBoundingClientRect();
    if (box.height === 0 || box.top > bottom + 1) continue;
    bottom = Math.max(bottom, box.bottom);
  }
  document.documentElement.style.setProperty('--toast-top', `${Math.round(Math.max(bottom, 8) + 8)}px`);
}

/** The newest message replaces the current one instead of queueing, so feedback matches the last action. */
export function show(options: ToastOptions) {
  void mounted.then(() => {
    // The toaster re-renders synchronously (flushSync); deferring lets effects call notify() safely.
    queueMicrotask(() => {
      clearTopBars();
      toaster.remove();
      toaster.create({ ...options, closable: true });
    });
  });
}

export default function ToastRegion() {
  useEffect(() => markMounted(), []);
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} maxW="420px">
        {(toast) => (
          <Toast.Root width={{ md: '22.5rem' }} maxW="420px" css={TOAST_CONTRAST}>
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
