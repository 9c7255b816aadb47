import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useInitialData } from '../lib/initialData';

export interface ApiQueryResult<T> {
  /** The last answer for the current key; undefined until it arrives (and after the key changes). */
  data: T | undefined;
  /** Why the last load for the current key failed (an ApiError, or a network TypeError). */
  error: unknown;
  /** True while the current key's first answer, or a refetch, is on its way. */
  loading: boolean;
  /** Loads the current key again, keeping the data shown meanwhile. */
  refetch: () => void;
  /** Changes the data in place, e.g. after a mutation answered with the new values. */
  setData: (update: (data: T | undefined) => T | undefined) => void;
}

interface State<T> {
  key: string | null;
  version: number;
  data?: T;
  error?: unknown;
  settled: boolean;
}

export interface ApiQueryOptions {
  /**
   * When the page starts from data the server drew it with, load it again once in the background
   * (e.g. so the visit is counted and the viewer's own state is added); by default it is used as is.
   */
  refreshInitial?: boolean;
}

/**
 * Loads data for a page without Apollo: `load` runs whenever `key` changes (typically the request
 * URL) or `refetch()` is called; a load overtaken by a newer one is aborted and its answer ignored.
 * A null key loads nothing. A page the server drew with its data starts from that data
 * (lib/initialData.tsx), so it hydrates without a spinner.
 */
export function useApiQuery<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  { refreshInitial = false }: ApiQueryOptions = {},
): ApiQueryResult<T> {
  const initialData = useInitialData();
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<State<T>>(() =>
    key !== null && initialData?.has(key)
      ? { key, version: 0, data: initialData.get(key) as T, settled: true }
      : { key: null, version: 0, settled: false },
  );
  const latestLoad = useRef(load);
  latestLoad.current = load;

  useEffect(() => {
    if (key === null) return;
    // The server's data serves this first render only; a later visit to the page loads afresh.
    if (version === 0 && initialData?.delete(key) && !refreshInitial) return;
    const controller = new AbortController();
    // An answer re-renders the page as a transition: in short slices, never one long task (a page
    // full of Chakra components takes a while to render on a slow phone).
    latestLoad.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted)
          startTransition(() => setState({ key, version, data, settled: true }));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        startTransition(() =>
          setState((previous) => ({
            key,
            version,
            data: previous.key === key ? previous.data : undefined,
            error,
            settled: true,
          })),
        );
      },
    );
    return () => controller.abort();
  }, [key, version, initialData, refreshInitial]);

  const refetch = useCallback(() => setVersion((v) => v + 1), []);
  const setData = useCallback(
    (update: (data: T | undefined) => T | undefined) =>
      setState((previous) => ({ ...previous, data: update(previous.data) })),
    [],
  );

  const current = state.key === key && key !== null;
  return {
    data: current ? state.data : undefined,
    error: current ? state.error : undefined,
    loading: key !== null && !(current && state.version === version && state.settled),
    refetch,
    setData,
  };
}
