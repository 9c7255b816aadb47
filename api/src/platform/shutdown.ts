import { logger } from './logger.ts';

/** How long one step of a shutdown may take before it is reported and passed. */
export const SHUTDOWN_STEP_MS = 8_000;

/**
 * Runs one step of a shutdown, bounded: a step that hangs (a connection that never ends, a pool
 * client never released) is reported by name and passed, so the steps after it still run and the
 * process can exit. The report also goes to stderr as a process warning, which the tests show even
 * with logging off: a hang there is a bug to find, not a timeout to raise.
 */
export async function shutdownStep(name: string, run: () => Promise<unknown>, ms = SHUTDOWN_STEP_MS) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  try {
    const outcome = await Promise.race([run().then(() => 'done' as const), late]);
    if (outcome === 'late') {
      logger.error({ step: name, ms }, 'shutdown step did not finish in time; going on');
      process.emitWarning(`shutdown step "${name}" did not finish within ${ms} ms`, 'ShutdownWarning');
    }
  } catch (err) {
    logger.error({ err, step: name }, 'shutdown step failed; going on');
  } finally {
    clearTimeout(timer);
  }
}
