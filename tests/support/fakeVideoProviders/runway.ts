import { type FakeProviderBase, json, parseJson, REFUSAL, startFakeEngine } from './engine.ts';

/**
 * Runway's API as @runwayml/sdk speaks it (docs.dev.runwayml.com/api): POST /v1/text_to_video and
 * /v1/image_to_video answer `{ id }`; GET /v1/tasks/{id} is PENDING → RUNNING (progress 0-1) →
 * SUCCEEDED (output: [url]) | FAILED (failure, failureCode) | CANCELLED; DELETE /v1/tasks/{id}
 * cancels. Every call needs `Authorization: Bearer <key>` and `X-Runway-Version: 2024-11-06`.
 */
export async function startFakeRunway(): Promise<FakeProviderBase> {
  const engine = await startFakeEngine({
    idPrefix: 'rw-task-',
    apiKey: 'key_runway_test',
    handler: (e) => async (req, res, url, body) => {
      if (req.headers.authorization !== `Bearer ${e.apiKey}`) {
        return json(res, 401, { error: 'Invalid API key' });
      }
      if (req.headers['x-runway-version'] !== '2024-11-06') {
        return json(res, 400, { error: 'X-Runway-Version header is required' });
      }
      if (
        req.method === 'POST' &&
        (url.pathname === '/v1/text_to_video' || url.pathname === '/v1/image_to_video')
      ) {
        const input = parseJson(body);
        if (typeof input.promptText !== 'string' || typeof input.model !== 'string' || !input.ratio) {
          return json(res, 400, {
            error: 'Validation of body failed',
            issues: ['promptText, model and ratio are required'],
          });
        }
        if (url.pathname === '/v1/image_to_video' && typeof input.promptImage !== 'string') {
          return json(res, 400, { error: 'promptImage is required' });
        }
        const render = e.create(input.promptText, input);
        if (render === 500) return json(res, 500, { error: 'Internal server error' });
        return json(res, 200, { id: render.id, estimatedCost: { credits: 25 } });
      }
      const task = /^\/v1\/tasks\/([^/]+)$/.exec(url.pathname);
      if (task && req.method === 'DELETE') {
        return e.cancel(task[1]!) ? res.writeHead(204).end() : json(res, 404, { error: 'Task not found' });
      }
      if (task && req.method === 'GET') {
        const render = e.read(task[1]!);
        if (render === 404) return json(res, 404, { error: 'Task not found' });
        if (render === 429) return json(res, 429, { error: 'Too many requests' }, { 'retry-after': '1' });
        const base = { id: render.id, createdAt: new Date().toISOString() };
        switch (render.state) {
          case 'queued':
            return json(res, 200, { ...base, status: 'PENDING', estimatedCost: { credits: 25 } });
          case 'running':
            return json(res, 200, {
              ...base,
              status: 'RUNNING',
              progress: render.progress / 100,
              estimatedCost: { credits: 25 },
            });
          case 'succeeded':
            return json(res, 200, {
              ...base,
              status: 'SUCCEEDED',
              output: [e.fileUrl(render)],
              cost: { credits: 25 },
            });
          case 'cancelled':
            return json(res, 200, { ...base, status: 'CANCELLED', cost: { credits: 0 } });
          default:
            return json(res, 200, {
              ...base,
              status: 'FAILED',
              failure: REFUSAL,
              failureCode: 'SAFETY.INPUT.TEXT',
              cost: { credits: 0 },
            });
        }
      }
      json(res, 404, { error: `no route ${req.method} ${url.pathname}` });
    },
  });
  return { ...engine.base(), baseURL: engine.origin };
}
