import { type FakeProviderBase, type FakeRender, json, REFUSAL, startFakeEngine } from './engine.ts';

/**
 * The OpenAI Videos protocol as the openai SDK speaks it (Azure OpenAI and compatible gateways):
 * POST /v1/videos (multipart: model, prompt, seconds, size, input_reference?) with an
 * Idempotency-Key; GET /v1/videos/{id} is queued → in_progress (progress) → completed | failed
 * (error.code moderation_blocked); GET /v1/videos/{id}/content is the MP4; DELETE /v1/videos/{id}.
 * `Authorization: Bearer <key>`. A prompt with [reject] is refused at once by the create itself
 * (400, error.code moderation_blocked), as the service's safety system does before any render.
 */
export async function startFakeOpenAIVideos(): Promise<FakeProviderBase & { rejected: string[] }> {
  const byKey = new Map<string, FakeRender>();
  /** The prompts of creates refused with the 400 (one entry per request). */
  const rejected: string[] = [];
  const engine = await startFakeEngine({
    idPrefix: 'video_',
    apiKey: 'sk-video-test',
    handler: (e) => async (req, res, url, body) => {
      if (req.headers.authorization !== `Bearer ${e.apiKey}`) {
        return json(res, 401, {
          error: { message: 'Incorrect API key provided', type: 'invalid_request_error' },
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1/videos') {
        const form = await new Request('http://x', {
          method: 'POST',
          headers: { 'content-type': String(req.headers['content-type']) },
          body: new Uint8Array(body),
        }).formData();
        const prompt = String(form.get('prompt') ?? '');
        if (prompt.includes('[reject]')) {
          rejected.push(prompt);
          return json(res, 400, {
            error: {
              message: 'Your request was blocked by our moderation system.',
              type: 'invalid_request_error',
              code: 'moderation_blocked',
            },
          });
        }
        const key = req.headers['idempotency-key'] as string | undefined;
        const existing = key ? byKey.get(key) : undefined;
        if (existing) return json(res, 200, videoOf(existing));
        const input = form.get('input_reference');
        const render = e.create(prompt, {
          model: form.get('model'),
          seconds: form.get('seconds'),
          size: form.get('size'),
          input_reference: input instanceof Blob ? input.type : null,
          idempotencyKey: key ?? null,
        });
        if (render === 500)
          return json(res, 500, {
            error: { message: 'The video backend is overloaded', type: 'server_error' },
          });
        if (key) byKey.set(key, render);
        if (e.loseAnswer(prompt))
          return json(res, 500, { error: { message: 'upstream reset', type: 'server_error' } });
        return json(res, 200, videoOf(render));
      }
      const one = /^\/v1\/videos\/([^/]+)(\/content)?$/.exec(url.pathname);
      if (one && req.method === 'DELETE') {
        return e.cancel(one[1]!)
          ? json(res, 200, { id: one[1], object: 'video.deleted', deleted: true })
          : json(res, 404, {});
      }
      if (one && req.method === 'GET' && one[2]) {
        const render = e.renders.get(one[1]!);
        if (render?.state !== 'succeeded')
          return json(res, 404, { error: { message: 'Video is not ready' } });
        render.downloads++;
        const bytes = await e.mp4(render);
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': bytes.length });
        res.end(bytes);
        return;
      }
      if (one && req.method === 'GET') {
        const render = e.read(one[1]!);
        if (render === 404) return json(res, 404, { error: { message: 'No such video' } });
        if (render === 429)
          return json(res, 429, { error: { message: 'Rate limit reached' } }, { 'retry-after': '1' });
        return json(res, 200, videoOf(render));
      }
      json(res, 404, { error: { message: `no route ${url.pathname}` } });
    },
  });

  function videoOf(render: FakeRender) {
    const status = {
      queued: 'queued',
      running: 'in_progress',
      succeeded: 'completed',
      failed: 'failed',
      cancelled: 'failed',
    }[render.state];
    return {
      id: render.id,
      object: 'video',
      model: render.body.model,
      prompt: render.prompt,
      seconds: render.body.seconds,
      size: render.body.size,
      progress: render.progress,
      status,
      error: render.state === 'failed' ? { code: 'moderation_blocked', message: REFUSAL } : null,
      created_at: Math.floor(Date.now() / 1000),
      completed_at: null,
      expires_at: null,
      remixed_from_video_id: null,
    };
  }
  return { ...engine.base(), baseURL: `${engine.origin}/v1`, rejected };
}
