import { createHash, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import {
  type FakeProviderBase,
  type FakeRender,
  json,
  parseJson,
  REFUSAL,
  startFakeEngine,
} from './engine.ts';

/**
 * fal.ai's queue as @fal-ai/client speaks it (docs.fal.ai/model-endpoints/queue): base
 * https://queue.fal.run; POST /{endpoint id}[?fal_webhook=url] enqueues (`{ request_id, status:
 * 'IN_QUEUE', status_url, response_url, cancel_url }`); GET /{owner}/{alias}/requests/{id}/status
 * is IN_QUEUE → IN_PROGRESS (logs) → COMPLETED; GET /{owner}/{alias}/requests/{id} is the result
 * (`{ video: { url } }`, or 422 `{ detail: [...] }` when the model refused the input); PUT
 * …/requests/{id}/cancel. `Authorization: Key <key>`. Webhooks are signed with ED25519 over
 * `request id \n user id \n timestamp \n sha256hex(body)` (X-Fal-Webhook-* headers); the public
 * key is served as a JWKS at /.well-known/jwks.json, as fal serves its own.
 */
export interface FakeFal extends FakeProviderBase {
  jwksUrl: string;
}

export async function startFakeFal(): Promise<FakeFal> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const userId = 'user-fake-1234';
  const engine = await startFakeEngine({
    idPrefix: `${randomUUID().slice(0, 8)}-`,
    apiKey: 'fal-key-id:fal-key-secret',
    notify: async (render) => {
      const body = JSON.stringify(
        render.state === 'succeeded'
          ? {
              request_id: render.id,
              gateway_request_id: render.id,
              status: 'OK',
              payload: { video: { url: 'x' } },
            }
          : {
              request_id: render.id,
              gateway_request_id: render.id,
              status: 'ERROR',
              error: REFUSAL,
              payload: null,
            },
      );
      const timestamp = String(Math.floor(Date.now() / 1000));
      const message = `${render.id}\n${userId}\n${timestamp}\n${createHash('sha256').update(body).digest('hex')}`;
      const response = await fetch(render.webhook!, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-fal-webhook-request-id': render.id,
          'x-fal-webhook-user-id': userId,
          'x-fal-webhook-timestamp': timestamp,
          'x-fal-webhook-signature': sign(null, Buffer.from(message), privateKey).toString('hex'),
        },
        body,
      });
      return response.status;
    },
    handler: (e) => async (req, res, url, body) => {
      if (url.pathname === '/.well-known/jwks.json') {
        return json(res, 200, {
          keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'fake-1', use: 'sig' }],
        });
      }
      if (req.headers.authorization !== `Key ${e.apiKey}`) return json(res, 401, { detail: 'Unauthorized' });
      const request = /^\/([^/]+)\/([^/]+)\/requests\/([^/]+)(\/status|\/cancel)?$/.exec(url.pathname);
      if (request) {
        const [, owner, alias, id, what] = request;
        const render = what === '/cancel' ? e.cancel(id!) : e.read(id!);
        if (render === undefined || render === 404) return json(res, 404, { detail: 'Request not found' });
        if (render === 429) return json(res, 429, { detail: 'Too many requests' }, { 'retry-after': '1' });
        if (what === '/cancel') return json(res, 202, { status: 'CANCELLATION_REQUESTED' });
        const base = `${e.origin}/${owner}/${alias}/requests/${id}`;
        if (what === '/status') {
          const status =
            { queued: 'IN_QUEUE', running: 'IN_PROGRESS' }[render.state as 'queued'] ?? 'COMPLETED';
          return json(res, 200, {
            status,
            request_id: id,
            response_url: base,
            status_url: `${base}/status`,
            cancel_url: `${base}/cancel`,
            ...(status === 'IN_QUEUE' ? { queue_position: 0 } : {}),
            logs:
              status === 'IN_QUEUE'
                ? null
                : [
                    {
                      message: 'Loading pipeline',
                      level: 'INFO',
                      source: 'user',
                      timestamp: new Date().toISOString(),
                    },
                    {
                      message: `Sampling ${render.progress}%`,
                      level: 'INFO',
                      source: 'user',
                      timestamp: new Date().toISOString(),
                    },
                  ],
          });
        }
        if (render.state === 'queued' || render.state === 'running') {
          return json(res, 400, { detail: 'Request is still in progress' });
        }
        if (render.state === 'failed') {
          return json(res, 422, {
            detail: [{ loc: ['body', 'prompt'], msg: REFUSAL, type: 'content_policy_violation' }],
          });
        }
        if (render.state === 'cancelled') return json(res, 400, { detail: 'Request was cancelled' });
        return json(res, 200, {
          video: { url: e.fileUrl(render), content_type: 'video/mp4', file_name: 'output.mp4' },
          seed: 42,
        });
      }
      if (req.method === 'POST') {
        const input = parseJson(body);
        if (typeof input.prompt !== 'string') {
          return json(res, 422, {
            detail: [{ loc: ['body', 'prompt'], msg: 'field required', type: 'value_error.missing' }],
          });
        }
        const render = e.create(
          input.prompt,
          { ...input, endpoint: url.pathname.slice(1) },
          url.searchParams.get('fal_webhook'),
        );
        if (render === 500) return json(res, 500, { detail: 'Internal Server Error' });
        const [owner, alias] = url.pathname.slice(1).split('/');
        const base = `${e.origin}/${owner}/${alias}/requests/${render.id}`;
        return json(res, 200, {
          request_id: render.id,
          status: 'IN_QUEUE',
          queue_position: 0,
          response_url: base,
          status_url: `${base}/status`,
          cancel_url: `${base}/cancel`,
        });
      }
      json(res, 404, { detail: `no route ${req.method} ${url.pathname}` });
    },
  });
  return { ...engine.base(), baseURL: engine.origin, jwksUrl: `${engine.origin}/.well-known/jwks.json` };
}

export type { FakeRender };
