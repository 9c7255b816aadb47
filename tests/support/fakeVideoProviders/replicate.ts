import { createHmac, randomBytes } from 'node:crypto';
import {
  type FakeProviderBase,
  type FakeRender,
  json,
  parseJson,
  REFUSAL,
  startFakeEngine,
} from './engine.ts';

/**
 * Replicate's HTTP API as the replicate SDK speaks it (replicate.com/docs/reference/http): base
 * https://api.replicate.com/v1; POST /models/{owner}/{name}/predictions creates a prediction
 * (starting → processing → succeeded | failed | canceled) with tqdm-style progress in `logs`;
 * GET /predictions/{id}; POST /predictions/{id}/cancel. `Authorization: Bearer <token>`. A
 * prediction with `webhook` is POSTed there when it ends, signed the Standard Webhooks way
 * (webhook-id, webhook-timestamp, webhook-signature: v1,base64(HMAC-SHA256(secret, id.ts.body)))
 * with the account's secret `whsec_<base64>`.
 */
export interface FakeReplicate extends FakeProviderBase {
  webhookSecret: string;
}

export async function startFakeReplicate(): Promise<FakeReplicate> {
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const engine = await startFakeEngine({
    idPrefix: 'rpred',
    apiKey: 'r8_test_token',
    notify: async (render, origin) => {
      const body = JSON.stringify(prediction(render, origin));
      const id = `msg_${randomBytes(8).toString('hex')}`;
      const timestamp = String(Math.floor(Date.now() / 1000));
      const key = Buffer.from(secret.split('_').pop()!, 'base64');
      const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
      const response = await fetch(render.webhook!, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': id,
          'webhook-timestamp': timestamp,
          'webhook-signature': `v1,${signature}`,
        },
        body,
      });
      return response.status;
    },
    handler: (e) => async (req, res, url, body) => {
      if (req.headers.authorization !== `Bearer ${e.apiKey}`) {
        return json(res, 401, {
          title: 'Unauthenticated',
          detail: 'You did not pass a valid authentication token',
          status: 401,
        });
      }
      const path = url.pathname.replace(/^\/v1/, '');
      const create = /^\/models\/([^/]+)\/([^/]+)\/predictions$/.exec(path);
      if (req.method === 'POST' && create) {
        const data = parseJson(body);
        const input = (data.input ?? {}) as Record<string, unknown>;
        if (typeof input.prompt !== 'string') {
          return json(res, 422, {
            title: 'Input validation failed',
            detail: '- input: prompt is required',
            status: 422,
          });
        }
        const render = e.create(
          input.prompt,
          { ...data, model: `${create[1]}/${create[2]}` },
          (data.webhook as string) ?? null,
        );
        if (render === 500) return json(res, 500, { title: 'Internal Server Error', status: 500 });
        return json(res, 201, prediction(render, e.origin));
      }
      const cancel = /^\/predictions\/([^/]+)\/cancel$/.exec(path);
      if (req.method === 'POST' && cancel) {
        const render = e.cancel(cancel[1]!);
        return render
          ? json(res, 200, prediction(render, e.origin))
          : json(res, 404, { detail: 'Not found.', status: 404 });
      }
      const get = /^\/predictions\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && get) {
        const render = e.read(get[1]!);
        if (render === 404) return json(res, 404, { detail: 'Not found.', status: 404 });
        if (render === 429)
          return json(res, 429, { detail: 'Request was throttled.', status: 429 }, { 'retry-after': '1' });
        return json(res, 200, prediction(render, e.origin));
      }
      json(res, 404, { detail: `no route ${req.method} ${path}`, status: 404 });
    },
  });

  function prediction(render: FakeRender, origin: string) {
    const status = {
      queued: 'starting',
      running: 'processing',
      succeeded: 'succeeded',
      failed: 'failed',
      cancelled: 'canceled',
    }[render.state];
    const steps = Math.round(render.progress / 10);
    return {
      id: render.id,
      model: render.body.model,
      version: 'hash',
      input: render.body.input,
      logs:
        render.state === 'running' || render.state === 'succeeded'
          ? `Loading model\n${String(render.progress).padStart(3)}%|${'█'.repeat(steps).padEnd(10)}| ${steps}/10 [00:01<00:02]`
          : '',
      output: render.state === 'succeeded' ? `${origin}/_files/${render.id}.mp4` : null,
      error: render.state === 'failed' ? `NSFW content detected: ${REFUSAL}` : null,
      status,
      created_at: new Date().toISOString(),
      urls: {
        get: `${origin}/v1/predictions/${render.id}`,
        cancel: `${origin}/v1/predictions/${render.id}/cancel`,
      },
    };
  }

  return { ...engine.base(), baseURL: `${engine.origin}/v1`, webhookSecret: secret };
}
