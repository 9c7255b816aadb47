/**
 * The database half of /healthz: `select 1` with a time limit. A frozen PostgreSQL (stopped,
 * swapping, a network that drops packets) never answers and never errors, so without the limit the
 * probe hangs and so does whatever waits on it (a load balancer, `docker compose`'s healthcheck).
 * At most one probe is in flight: while the database hangs, every check waits on that one instead
 * of each tying up another pool connection.
 */
export function databaseHealth(
  ping: () => Promise<unknown>,
  timeoutMs: number,
): () => Promise<{ ok: true } | { ok: false; error: unknown }> {
  let inFlight: Promise<unknown> | undefined;
  return async () => {
    inFlight ??= ping().finally(() => {
      inFlight = undefined;
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the database did not answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      await Promise.race([inFlight, timeout]);
      return { ok: true };
    } catch (error) {
      return { ok: false, error };
    } finally {
      clearTimeout(timer);
    }
  };
}
