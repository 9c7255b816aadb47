import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type FakeEngine,
  type FakeProviderBase,
  type FakeRender,
  json,
  parseJson,
  startFakeEngine,
} from './engine.ts';

/**
 * The Gemini API's Veo endpoints as @google/genai speaks them (ai.google.dev/api/models,
 * .../operations): POST /v1beta/models/{model}:predictLongRunning with `{ instances: [{ prompt,
 * image? }], parameters: { sampleCount, durationSeconds, aspectRatio, resolution } }` answers a
 * long-running operation `{ name }`; GET /v1beta/{name} is `{ done }` until it ends with
 * `response.generateVideoResponse.generatedSamples[].video.uri` (a files/{id}:download URI), or
 * with `raiMediaFilteredReasons` when the safety filters removed the video (only the
 * `raiMediaFilteredCount`, no reasons, for a prompt with [countonly] beside [refuse]); GET
 * /v1beta/files/{id}:download?alt=media is the MP4. The key goes in `x-goog-api-key`. Veo reports
 * no percentage.
 */
export const GOOGLE_FILTERED =
  "Your prompt couldn't be submitted: it may violate our policies (support code 58061214)";

/**
 * On Vertex AI (express mode, an API key): POST /v1beta1/publishers/google/models/{model}:predictLongRunning
 * answers `{ name: projects/…/publishers/google/models/{model}/operations/{id} }`; the operation is
 * read with POST /v1beta1/{model resource}:fetchPredictOperation `{ operationName }` and ends with
 * `response.videos[]` carrying the MP4 inline (`bytesBase64Encoded`) when no storage URI was given.
 */
export async function startFakeVertex(): Promise<FakeProviderBase> {
  return startFakeGoogle({ vertex: true });
}

export async function startFakeGoogle(options: { vertex?: boolean } = {}): Promise<FakeProviderBase> {
  const engine = await startFakeEngine({
    idPrefix: 'op',
    apiKey: 'AIza-test-key',
    handler: (e) => async (req, res, url, body) => {
      if (req.headers['x-goog-api-key'] !== e.apiKey) {
        return json(res, 403, {
          error: { code: 403, message: 'API key not valid.', status: 'PERMISSION_DENIED' },
        });
      }
      if (options.vertex) return vertex(e, req, res, url, body);
      const create = /^\/v1beta\/models\/([^/:]+):predictLongRunning$/.exec(url.pathname);
      if (req.method === 'POST' && create) {
        const render = createOperation(e, res, body, create[1]!);
        return render && json(res, 200, { name: nameOf(render) });
      }
      const op = /^\/v1beta\/models\/([^/]+)\/operations\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && op) {
        const render = readOperation(e, res, op[2]!, 'Resource exhausted');
        return (
          render &&
          answerOperation(res, render, nameOf(render), (filtered) => ({
            '@type': 'type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse',
            generateVideoResponse: filtered
              ? filteredResponse(render)
              : {
                  generatedSamples: [
                    {
                      video: {
                        uri: `https://generativelanguage.googleapis.com/v1beta/files/${render.id}:download?alt=media`,
                      },
                    },
                  ],
                },
          }))
        );
      }
      const file = /^\/v1beta\/files\/([a-z0-9]+):download$/.exec(url.pathname);
      if (req.method === 'GET' && file && url.searchParams.get('alt') === 'media') {
        const render = e.renders.get(file[1]!);
        if (render?.state !== 'succeeded')
          return json(res, 404, { error: { code: 404, message: 'File not found' } });
        render.downloads++;
        const bytes = await e.mp4(render);
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': bytes.length });
        res.end(bytes);
        return;
      }
      json(res, 404, { error: { code: 404, message: `no route ${req.method} ${url.pathname}` } });
    },
  });

  async function vertex(
    e: FakeEngine,
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    body: Buffer,
  ): Promise<unknown> {
    const create = /^\/v1(?:beta1)?\/publishers\/google\/models\/([^/:]+):predictLongRunning$/.exec(
      url.pathname,
    );
    if (req.method === 'POST' && create) {
      const render = createOperation(e, res, body, create[1]!);
      return render && json(res, 200, { name: vertexNameOf(render) });
    }
    const fetchOp = /^\/v1(?:beta1)?\/(.+):fetchPredictOperation$/.exec(url.pathname);
    if (req.method === 'POST' && fetchOp) {
      const operationName = String(parseJson(body).operationName ?? '');
      if (!operationName.startsWith(`${fetchOp[1]}/operations/`)) {
        return json(res, 400, {
          error: { code: 400, message: 'operationName does not match', status: 'INVALID_ARGUMENT' },
        });
      }
      const render = readOperation(e, res, operationName.split('/operations/')[1]!, 'Quota exceeded');
      return (
        render &&
        answerOperation(res, render, vertexNameOf(render), async (filtered) => ({
          '@type': 'type.googleapis.com/cloud.ai.large_models.vision.GenerateVideoResponse',
          ...(filtered
            ? filteredResponse(render)
            : {
                videos: [
                  { bytesBase64Encoded: (await e.mp4(render)).toString('base64'), mimeType: 'video/mp4' },
                ],
              }),
        }))
      );
    }
    return json(res, 404, { error: { code: 404, message: `no route ${req.method} ${url.pathname}` } });
  }

  /**
   * A create from `{ instances: [{ prompt }], parameters }`: the new render, or undefined once the
   * error is answered (400 without a prompt, 500 while its [create500=N] lasts).
   */
  function createOperation(e: FakeEngine, res: ServerResponse, body: Buffer, model: string) {
    const data = parseJson(body);
    const instance = ((data.instances as Record<string, unknown>[] | undefined) ?? [])[0] ?? {};
    if (typeof instance.prompt !== 'string') {
      json(res, 400, { error: { code: 400, message: 'prompt is required', status: 'INVALID_ARGUMENT' } });
      return undefined;
    }
    const render = e.create(instance.prompt, { ...data, model });
    if (render === 500) {
      json(res, 500, { error: { code: 500, message: 'Internal error', status: 'INTERNAL' } });
      return undefined;
    }
    return render;
  }

  /**
   * An operation's render, or undefined once the error is answered: 404 for an unknown one, 429
   * (Retry-After: 1, with `quotaMessage`) while its [status429=N] lasts.
   */
  function readOperation(e: FakeEngine, res: ServerResponse, id: string, quotaMessage: string) {
    const render = e.read(id);
    if (render === 404) {
      json(res, 404, { error: { code: 404, message: 'Operation not found', status: 'NOT_FOUND' } });
      return undefined;
    }
    if (render === 429) {
      json(
        res,
        429,
        { error: { code: 429, message: quotaMessage, status: 'RESOURCE_EXHAUSTED' } },
        { 'retry-after': '1' },
      );
      return undefined;
    }
    return render;
  }

  /**
   * A long-running operation as both APIs answer it: its name alone until it ends, then `done` with
   * the response, given whether the safety filters removed the video.
   */
  /** What a finished operation says when the safety filters removed the video. */
  function filteredResponse(render: FakeRender): Record<string, unknown> {
    return render.prompt.includes('[countonly]')
      ? { raiMediaFilteredCount: 1 }
      : { raiMediaFilteredCount: 1, raiMediaFilteredReasons: [GOOGLE_FILTERED] };
  }

  async function answerOperation(
    res: ServerResponse,
    render: FakeRender,
    name: string,
    response: (filtered: boolean) => Promise<Record<string, unknown>> | Record<string, unknown>,
  ): Promise<unknown> {
    if (render.state === 'queued' || render.state === 'running') return json(res, 200, { name });
    return json(res, 200, { name, done: true, response: await response(render.state === 'failed') });
  }

  function vertexNameOf(render: FakeRender): string {
    return `projects/fake-project/locations/us-central1/publishers/google/models/${render.body.model}/operations/${render.id}`;
  }

  function nameOf(render: FakeRender): string {
    return `models/${render.body.model}/operations/${render.id}`;
  }

  return { ...engine.base(), baseURL: engine.origin };
}
