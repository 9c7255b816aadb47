import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** OpenAI's moderation categories, as every /moderations answer lists them (each true or false). */
const CATEGORIES = [
  'harassment',
  'harassment/threatening',
  'hate',
  'hate/threatening',
  'illicit',
  'illicit/violent',
  'self-harm',
  'self-harm/intent',
  'self-harm/instructions',
  'sexual',
  'sexual/minors',
  'violence',
  'violence/graphic',
];

/**
 * An in-process OpenAI-compatible `POST /v1/moderations` for the real openai SDK
 * (`client.moderations.create`), answering as OpenAI's reference describes: `{ id, model, results:
 * [{ flagged, categories, category_scores, category_applied_input_types }] }`. Markers in the text:
 *   [flag:CATEGORY]  flagged for that category (several markers, several categories)
 *   [500]            answers HTTP 500
 *   [hang]           never answers (until the server closes): the caller's timeout must act
 * Anything else is not flagged. The key must be `Bearer sk-moderation-test`.
 */
export interface FakeModeration {
  baseURL: string;
  apiKey: string;
  /** Every request received: the model and the text asked about. */
  requests: { model: string; input: string }[];
  close(): Promise<void>;
}

export async function startFakeModeration(): Promise<FakeModeration> {
  const apiKey = 'sk-moderation-test';
  const requests: FakeModeration['requests'] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return json(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
    }
    if (req.method !== 'POST' || req.url !== '/v1/moderations') {
      return json(404, { error: { message: `no route ${req.url}` } });
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model?: string; input?: unknown };
    const input = Array.isArray(body.input) ? body.input.map(String).join('\n') : String(body.input ?? '');
    requests.push({ model: String(body.model ?? ''), input });
    if (input.includes('[hang]')) {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (input.includes('[500]')) {
      return json(500, {
        error: { message: 'The server had an error processing your request', type: 'server_error' },
      });
    }
    const flagged = new Set([...input.matchAll(/\[flag:([a-z/-]+)\]/g)].map((m) => m[1]!));
    json(200, {
      id: `modr-${requests.length}`,
      model: body.model,
      results: [
        {
          flagged: flagged.size > 0,
          categories: Object.fromEntries(CATEGORIES.map((c) => [c, flagged.has(c)])),
          category_scores: Object.fromEntries(CATEGORIES.map((c) => [c, flagged.has(c) ? 0.97 : 0.001])),
          category_applied_input_types: Object.fromEntries(
            CATEGORIES.map((c) => [c, flagged.has(c) ? ['text'] : []]),
          ),
        },
      ],
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    apiKey,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.close(() => resolve());
      }),
  };
}
