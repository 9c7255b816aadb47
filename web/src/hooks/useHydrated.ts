import { startTransition, useEffect, useState } from 'react';

/** Set once the first render in this browser has committed (hydration over, or no hydration at all). */
let hydrationDone = false;

/**
 * False while React renders on the server and while the browser hydrates that HTML; true otherwise.
 * Text that depends on where it is drawn (the visitor's locale or time zone) is first drawn the
 * server's way, so hydration matches, and switches to the visitor's own right after. The switch is a
 * transition: React re-renders the page in short slices instead of one long task (a
 * useSyncExternalStore with a different server value would force a synchronous re-render).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydrationDone);
  useEffect(() => {
    hydrationDone = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
