/**
 * Ends the current task, so the browser can paint and handle input before the code after the
 * `await` runs. Used at the top level of heavy modules: evaluating the app's modules is one task
 * otherwise, and a long task is time the page can't respond (Total Blocking Time). A no-op on the
 * server, which renders the same modules.
 */
export function yieldToBrowser(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  const { scheduler } = window as { scheduler?: { yield?: () => Promise<void> } };
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
