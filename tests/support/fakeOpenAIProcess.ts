/**
 * Runs the fake OpenAI server in a process of its own (for benchmarks, so the provider, the api and
 * the measuring clients don't share an event loop). Prints its base URL as the first line.
 */
import { startFakeOpenAI } from './fakeOpenAI.ts';

const fake = await startFakeOpenAI();
console.log(fake.baseURL);
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
