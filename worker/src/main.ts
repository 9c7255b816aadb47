import { loadWorkerConfig, startWorker } from './worker.ts';

/** The worker process: runs background jobs until told to stop. */
const runner = await startWorker(loadWorkerConfig());
await runner.promise;
