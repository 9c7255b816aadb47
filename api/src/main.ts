import { startApp } from './app.ts';
import { loadConfig } from './config.ts';
import { logger } from './platform/logger.ts';

/** The api process: serves HTTP and WebSocket until told to stop, then drains and exits. */
const config = loadConfig();
const app = await startApp(config);
logger.info({ url: config.publicUrl, port: config.PORT }, 'api listening');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'api stopping');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    clearTimeout(force);
    process.exit(0);
  });
}
