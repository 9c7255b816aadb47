import type { ReactNode } from 'react';
import { useHydrated } from '../../hooks/useHydrated';

const CONTENTS = { display: 'contents' } as const;

/**
 * Keeps a pre-rendered form's controls disabled until React has hydrated the page: typed text or a
 * submit before then would reach no handler and be lost. Adds no box to the layout.
 */
export function UntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} style={CONTENTS}>
      {children}
    </fieldset>
  );
}
