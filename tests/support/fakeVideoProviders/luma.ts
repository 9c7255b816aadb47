import { type FakeProviderBase, json, parseJson, REFUSAL, startFakeEngine } from './engine.ts';

/**
 * Luma's Dream Machine API as the lumaai SDK speaks it (docs.lumalabs.ai): base
 * https://api.lumalabs.ai/dream-machine/v1; POST /generations/video creates (model, prompt,
 * aspect_ratio, duration '5s'|'9s', resolution), GET /generations/{id} is queued → dreaming →
 * completed (assets.video) | failed (failure_reason), DELETE /generations/{id} removes it.
 * `Authorization: Bearer <key>`. Luma reports no percentage.
 */
export async function startFakeLuma(): Promise<FakeProviderBase> {
  const engine = await startFakeEngine({
    idPrefix: 'luma-gen-',
    apiKey: 'luma-test-key',
    handler: (e) => async (req, res, url, body) => {
      if (req.headers.authorization !== `Bearer ${e.apiKey}`)
        return json(res, 401, { detail: 'Invalid API key' });
      const path = url.pathname.replace(/^\/dream-machine\/v1/, '');
      if (req.method === 'POST' && path === '/generations/video') {
        const input = parseJson(body);
        if (typeof input.prompt !== 'string' || !input.model)
          return json(res, 400, { detail: 'prompt and model are required' });
        if (input.duration && !['5s', '9s'].includes(String(input.duration))) {
          return json(res, 400, { detail: `Invalid duration ${input.duration}` });
        }
        const render = e.create(input.prompt, input);
        if (render === 500) return json(res, 500, { detail: 'Internal Server Error' });
        return json(res, 201, generation(render));
      }
      const one = /^\/generations\/([^/]+)$/.exec(path);
      if (one && req.method === 'DELETE') {
        return e.cancel(one[1]!)
          ? res.writeHead(204).end()
          : json(res, 404, { detail: 'Generation not found' });
      }
      if (one && req.method === 'GET') {
        const render = e.read(one[1]!);
        if (render === 404) return json(res, 404, { detail: 'Generation not found' });
        if (render === 429) return json(res, 429, { detail: 'Rate limit exceeded' }, { 'retry-after': '1' });
        return json(res, 200, generation(render));
      }
      json(res, 404, { detail: `no route ${req.method} ${path}` });

      function generation(render: Exclude<ReturnType<typeof e.read>, number>) {
        const state = {
          queued: 'queued',
          running: 'dreaming',
          succeeded: 'completed',
          failed: 'failed',
          cancelled: 'failed',
        }[render.state];
        return {
          id: render.id,
          generation_type: 'video',
          state,
          failure_reason:
            render.state === 'failed' ? REFUSAL : render.state === 'cancelled' ? 'Cancelled' : null,
          created_at: new Date().toISOString(),
          assets: render.state === 'succeeded' ? { video: e.fileUrl(render) } : null,
          model: render.body.model,
          request: render.body,
        };
      }
    },
  });
  return { ...engine.base(), baseURL: `${engine.origin}/dream-machine/v1` };
}
