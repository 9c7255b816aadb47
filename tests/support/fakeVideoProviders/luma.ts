import { type FakeProviderBase, json, parseJson, REFUSAL, startFakeEngine } from './engine.ts';

/**
 * Luma's Dream Machine API as the lumaai SDK speaks it (docs.lumalabs.ai): base
 * https://api.lumalabs.ai/dream-machine/v1; POST /generations/video creates (model, prompt,
 * aspect_ratio, duration '5s'|'9s', resolution), GET /generations/{id} is queued → dreaming →
 * completed (assets.video) | failed (failure_reason), DELETE /generations/{id} removes it.
 * `Authorization: Bearer <key>`. Luma reports no percentage.
 * Keyframes: `keyframes.frame0` is `{ type: 'image', url }` (or `{ type: 'generation', id }`); Luma
 * fetches the URL itself, so this fake does too, refuses a picture it can't fetch (or that isn't an
 * image) with 400, and keeps what it fetched on the render (`fetchedFrame0`) for the tests.
 * Unknown body fields are refused (the API's schema is closed), so an invented parameter shows.
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
        const known = [
          'model',
          'prompt',
          'aspect_ratio',
          'duration',
          'resolution',
          'keyframes',
          'loop',
          'concepts',
          'callback_url',
          'generation_type',
        ];
        const unknown = Object.keys(input).filter((k) => !known.includes(k));
        if (unknown.length > 0) return json(res, 422, { detail: `Unknown fields: ${unknown.join(', ')}` });
        let fetchedFrame0: { contentType: string; base64: string } | undefined;
        const frame0 = (input.keyframes as { frame0?: { type?: string; url?: unknown } } | undefined)?.frame0;
        if (frame0) {
          if (frame0.type !== 'image' || typeof frame0.url !== 'string' || !/^https?:\/\//.test(frame0.url)) {
            return json(res, 400, { detail: 'keyframes.frame0 must be an image with an http(s) url' });
          }
          const picture = await fetch(frame0.url).catch(() => null);
          const contentType = picture?.headers.get('content-type') ?? '';
          if (!picture?.ok || !contentType.startsWith('image/')) {
            return json(res, 400, {
              detail: `Failed to fetch keyframe frame0 (${picture?.status ?? 'unreachable'})`,
            });
          }
          fetchedFrame0 = {
            contentType,
            base64: Buffer.from(await picture.arrayBuffer()).toString('base64'),
          };
        }
        const render = e.create(input.prompt, { ...input, ...(fetchedFrame0 ? { fetchedFrame0 } : {}) });
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
