/**
 * Runs `task` once the browser has nothing more urgent to do (after the page has loaded and
 * hydrated, typically), and at the latest after `timeoutMs`. Returns a function that cancels it.
 */
export function whenIdle(task: () => void, timeoutMs = 3000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}
