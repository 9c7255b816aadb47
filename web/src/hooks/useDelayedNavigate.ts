import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * Navigates after a pause (spec: /chat 500 ms after login, 1 s after sign-up) so the success toast is
 * seen first; the pending move is cancelled if the page unmounts meanwhile.
 */
export function useDelayedNavigate() {
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return useCallback(
    (to: string, delayMs: number) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => navigate(to), delayMs);
    },
    [navigate],
  );
}
