import { useSearchParams } from 'react-router-dom';

/**
 * A console list's filters, kept in the address (so a filtered list can be linked and Back returns to
 * it): each key's value ('' when absent) and a setter that replaces the entry rather than adding one.
 */
export function useFilterParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<K, string>;
  const set = (key: K, value: string) =>
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  return [values, set] as const;
}
