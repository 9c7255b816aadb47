import { expect } from 'vitest';
import type { HttpClient } from './client.ts';
import { wsClient } from './ws.ts';

/**
 * Every update a video job's `videoJobUpdates` subscription sends, until the server completes it
 * (the job reached a final state). `query` picks the fields the test looks at.
 */
export async function followVideoJob<T>(
  baseUrl: string,
  cookie: string,
  id: string,
  query: string,
): Promise<T[]> {
  const ws = wsClient(baseUrl, cookie);
  const seen: T[] = [];
  for await (const msg of ws.iterate<{ videoJobUpdates: T }>({ query, variables: { id } })) {
    if (msg.errors) throw new Error(JSON.stringify(msg.errors));
    seen.push(msg.data!.videoJobUpdates);
  }
  await ws.dispose();
  return seen;
}

/** Asks for a video through the spec's REST call and expects it queued (201); the job's view. */
export async function queueVideo(client: HttpClient, request: Record<string, unknown>) {
  const res = await client.post('/api/videos/generate', request);
  expect(res.status).toBe(201);
  return res.body;
}

/** Polls the REST status shim until the job is in one of `statuses`; returns that last answer. */
export async function waitForVideoStatus(
  client: HttpClient,
  id: string,
  statuses: string[],
  timeoutMs: number,
) {
  let last: any;
  await expect
    .poll(
      async () => {
        last = (await client.get(`/api/videos/${id}/status`)).body;
        return statuses.includes(last?.status);
      },
      { timeout: timeoutMs, interval: 100 },
    )
    .toBe(true);
  return last;
}
