import { useSyncExternalStore } from 'react';

// Spec §9: the mobile breakpoint is 768px (Chakra's `md`), so "narrow" means below it.
const NARROW_QUERY = '(max-width: 767.98px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Whether the viewport is phone-sized; read synchronously so the first paint already fits. A page
 * drawn on the server (a shared chat's compare) is drawn wide, and corrected once hydrated.
 */
export function useIsNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW_QUERY).matches,
    () => false,
  );
}
