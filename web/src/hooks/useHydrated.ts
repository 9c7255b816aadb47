import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React adopts pre-rendered HTML (and on the server), true from the next render on. For
 * markup that depends on what only the browser knows (e.g. the colour mode), so hydration matches.
 * Use it in a leaf: its flip is a synchronous re-render, and in a component that renders a lazy
 * page's Suspense boundary it makes React hydrate that whole page in one long task
 * (docs/decisions/0164-public-pages-hydrate-in-slices.md).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
