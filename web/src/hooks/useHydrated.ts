import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React adopts pre-rendered HTML (and on the server), true from the next render on. For
 * markup that depends on what only the browser knows (e.g. the colour mode), so hydration matches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
