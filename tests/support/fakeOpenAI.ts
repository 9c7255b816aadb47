import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An in-process server speaking the OpenAI HTTP protocol (chat completions, streamed over SSE or
 * not, and image generation), for the real `openai` SDK to talk to. What it does is steered by
 * markers in the last user message (or the image prompt):
 *   [tokens=N]  answer with N tokens "t0 t1 ..."      [delay=MS]  pause MS between tokens
 *   [fail500]   answer HTTP 500                       [fail429]   answer HTTP 429
 *   [failonce]  answer HTTP 500 the first time this exact prompt is asked, normally after that
 *   [hang]      never answer (client timeout)          [cut]       stream 3 tokens, then drop the connection
 *   [first=MS]  wait MS before the first token
 *   [stall]     stream the tokens, then keep the connection open and send nothing more
 *   [nofinish]  stream the tokens, then close the response politely: no finish_reason, no [DONE]
 *   [streamerror]  stream the tokens, then an error event in the stream (as the server's JSON error)
 *   [length]    end with finish_reason "length" (the model's output limit)
 *   [filtered]  end with finish_reason "content_filter"
 *   [nousage]   send no usage even when asked for it   [runningusage]  usage on every chunk, a running
 *               total (as Perplexity does), instead of one last chunk
 *   [served=M]  name model M in the chunks (as providers name a dated version of the one asked)
 *   [cite=U1,U2] every chunk carries `search_results` and `citations` for these addresses, as
 *               Perplexity's do (its answers cite the web pages it searched)
 *   [tool=NAME] when the request offers tools (and none has answered since the prompt), ask for a
 *               call of function NAME with arguments {"text":"call 1"} ([calls=N]: N calls at
 *               once); once the `tool` messages are back, answer "Tool results: <each, | between>"
 * Streamed answers end with a usage chunk (completion_tokens = the number of chunks of text) when
 * the request asks for it (`stream_options.include_usage`), as OpenAI's API does.
 * Otherwise it answers "Echo: <prompt>" a word at a time. `/embeddings` answers fakeEmbedding of each
 * input ([fail500] in one: HTTP 500). `script()` gives a fixed answer to
 * prompts containing a string (e.g. the JSON a non-streamed extraction call expects).
 */
export interface FakeOpenAI {
  baseURL: string;
  requests: { path: string; body: any; authorization?: string }[];
  /** Time (performance.timeOrigin-based ms) the first token of each answer was written, by prompt. */
  firstTokenAt: Map<string, number>;
  /** Time (as above) each streamed chat completion request had been read, by prompt. */
  receivedAt: Map<string, number>;
  /** Answers `content` to every chat completion whose last user message contains `match`. */
  script(match: string, content: string, options?: { stream?: boolean }): void;
  close(): Promise<void>;
}

const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const requests: FakeOpenAI['requests'] = [];
  const firstTokenAt = new Map<string, number>();
  const receivedAt = new Map<string, number>();
  const failedOnce = new Set<string>();
  const scripts: { match: string; content: string; stream?: boolean }[] = [];
  const sockets = new Set<import('node:net').Socket>();
  /** [failonce]: true the first time a prompt is seen. */
  const failsNow = (prompt: string) => {
    if (!prompt.includes('[failonce]') || failedOnce.has(prompt)) return false;
    failedOnce.add(prompt);
    return true;
  };
  const server: Server = createServer(async (req, res) => {
    const body = await readJson(req);
    requests.push({ path: req.url ?? '', body, authorization: req.headers.authorization });
    if (req.url?.endsWith('/images/generations')) {
      const prompt = String(body?.prompt);
      if (prompt.includes('[hang]')) return;
      if (prompt.includes('[fail500]')) return error(res, 500, 'image backend down');
      if (failsNow(prompt)) return error(res, 500, 'image backend down', false);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ created: Date.now() / 1000, data: [{ b64_json: PNG_1X1 }] }));
      return;
    }
    if (req.url?.endsWith('/embeddings')) {
      const inputs: string[] = Array.isArray(body?.input) ? body.input : [String(body?.input ?? '')];
      if (inputs.some((t) => t.includes('[fail500]')))
        return error(res, 500, 'embeddings backend down', false);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          object: 'list',
          model: body?.model,
          data: inputs.map((t, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(t) })),
          usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
        }),
      );
      return;
    }
    // For benchmarks running this server in its own process: when each answer's first token left.
    if (req.url === '/_first-tokens') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(Object.fromEntries(firstTokenAt)));
      return;
    }
    if (req.url === '/_timings') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ received: Object.fromEntries(receivedAt), first: Object.fromEntries(firstTokenAt) }),
      );
      return;
    }
    if (!req.url?.endsWith('/chat/completions')) return error(res, 404, `no route ${req.url}`);
    const messages: { role: string; content: unknown }[] = body?.messages ?? [];
    const last = [...messages].reverse().find((m) => m.role === 'user');
    const prompt = typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content ?? '');
    if (prompt.includes('[fail500]')) return error(res, 500, 'The server had an error');
    if (failsNow(prompt)) return error(res, 500, 'The server had an error', false);
    if (prompt.includes('[fail429]')) return error(res, 429, 'Rate limit reached');
    if (prompt.includes('[hang]')) return; // never answers
    const n = Number(/\[tokens=(\d+)\]/.exec(prompt)?.[1] ?? 0);
    const delay = Number(/\[delay=(\d+)\]/.exec(prompt)?.[1] ?? 1);
    const scripted = scripts.find(
      (s) => prompt.includes(s.match) && (s.stream === undefined || s.stream === !!body.stream),
    );
    const toolName = /\[tool=([\w-]+)\]/.exec(prompt)?.[1];
    const toolResults = messages
      .slice(last ? messages.lastIndexOf(last) + 1 : 0)
      .filter((m) => m.role === 'tool')
      .map((m) => String(m.content));
    const callingTools =
      toolName &&
      body.stream &&
      Array.isArray(body.tools) &&
      body.tools.length > 0 &&
      toolResults.length === 0;
    const tokens = toolResults.length
      ? [`Tool results: ${toolResults.join(' | ')}`]
      : scripted
        ? [scripted.content]
        : n
          ? Array.from({ length: n }, (_, i) => `t${i} `)
          : `Echo: ${prompt}`.split(/(?<=\s)/);
    const finishReason = prompt.includes('[length]')
      ? 'length'
      : prompt.includes('[filtered]')
        ? 'content_filter'
        : 'stop';
    const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
    const served = /\[served=([\w.:-]+)\]/.exec(prompt)?.[1] ?? body.model;
    const usage = (completion: number) => ({
      prompt_tokens: messages.length * 10,
      completion_tokens: completion,
      total_tokens: messages.length * 10 + completion,
    });
    const wantsUsage = body.stream_options?.include_usage === true && !prompt.includes('[nousage]');
    const running = wantsUsage && prompt.includes('[runningusage]');
    if (body.stream) receivedAt.set(prompt, performance.timeOrigin + performance.now());
    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: served,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: tokens.join('') },
              finish_reason: finishReason,
            },
          ],
          usage: usage(tokens.length),
        }),
      );
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    let sent = 0;
    const cited = /\[cite=([^\]\s]+)\]/.exec(prompt)?.[1]?.split(',') ?? [];
    const citing = cited.length
      ? {
          citations: cited,
          search_results: cited.map((url, i) => ({
            title: `Source ${i + 1}`,
            url,
            date: null,
            snippet: `About ${url}`,
          })),
        }
      : {};
    const chunk = (delta: object, finish: string | null = null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: served, choices: [{ index: 0, delta, finish_reason: finish }], ...(running ? { usage: usage(sent) } : {}), ...citing })}\n\n`;
    res.write(chunk({ role: 'assistant', content: '' }));
    if (callingTools) {
      const calls = Number(/\[calls=(\d+)\]/.exec(prompt)?.[1] ?? 1);
      for (let i = 0; i < calls; i++) {
        const call = {
          index: i,
          id: `call_${i + 1}`,
          type: 'function',
          function: { name: toolName, arguments: '' },
        };
        res.write(chunk({ tool_calls: [call] }));
        // The arguments come in pieces, as real providers stream them.
        res.write(chunk({ tool_calls: [{ index: i, function: { arguments: '{"text":' } }] }));
        res.write(chunk({ tool_calls: [{ index: i, function: { arguments: `"call ${i + 1}"}` } }] }));
      }
      res.write(chunk({}, 'tool_calls'));
      res.end('data: [DONE]\n\n');
      return;
    }
    const first = Number(/\[first=(\d+)\]/.exec(prompt)?.[1] ?? 0);
    if (first) await new Promise((r) => setTimeout(r, first));
    for (let i = 0; i < tokens.length; i++) {
      if (res.destroyed) return;
      if (prompt.includes('[cut]') && i === 3) {
        req.socket.destroy();
        return;
      }
      if (i === 0) firstTokenAt.set(prompt, performance.timeOrigin + performance.now());
      sent += 1;
      res.write(chunk({ content: tokens[i] }));
      if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    }
    if (prompt.includes('[stall]')) return; // the connection stays open, silent
    if (prompt.includes('[streamerror]')) {
      // How OpenAI-compatible servers report a failure after the stream has begun.
      res.end(
        `data: ${JSON.stringify({ error: { message: 'The server is overloaded', type: 'server_error' } })}\n\n`,
      );
      return;
    }
    if (prompt.includes('[nofinish]')) {
      res.end();
      return;
    }
    res.write(chunk({}, finishReason));
    // OpenAI's last chunk when usage is asked for: no choices, the usage of the whole answer.
    if (wantsUsage && !running)
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: served, choices: [], usage: usage(tokens.length) })}\n\n`,
      );
    res.end('data: [DONE]\n\n');
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    firstTokenAt,
    receivedAt,
    script: (match, content, options = {}) => {
      scripts.push({ match, content, stream: options.stream });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Words the fake embedding model takes for one meaning, so ranking by meaning finds what words miss. */
const SAME_MEANING: Record<string, string> = { automobile: 'car', vehicle: 'car', cars: 'car', auto: 'car' };
export const FAKE_EMBEDDING_DIMENSIONS = 64;

/**
 * The fake /embeddings vector of a text: its words (lower case, SAME_MEANING folded) hashed into
 * FAKE_EMBEDDING_DIMENSIONS counts, so texts sharing words (or meanings) point the same way.
 */
export function fakeEmbedding(text: string): number[] {
  const v = new Array<number>(FAKE_EMBEDDING_DIMENSIONS).fill(0);
  for (const raw of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    const word = SAME_MEANING[raw] ?? raw;
    let h = 0;
    for (const c of word) h = (h * 31 + c.charCodeAt(0)) >>> 0;
    v[h % FAKE_EMBEDDING_DIMENSIONS]! += 1;
  }
  return v;
}

/** `retry: false` tells the SDK not to retry (x-should-retry), so one failure is one failed call. */
function error(res: import('node:http').ServerResponse, status: number, message: string, retry?: boolean) {
  res.writeHead(status, {
    'content-type': 'application/json',
    ...(retry === false ? { 'x-should-retry': 'false' } : {}),
  });
  res.end(JSON.stringify({ error: { message, type: 'server_error', code: null } }));
}

async function readJson(req: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  } catch {
    return {};
  }
}

/**
 * The env that points assistants (by catalogue id: gpt, claude, code…) at a fake server, each with
 * its own test key, as an operator's .env would.
 */
export function assistantEnv(baseURL: string, ...assistants: string[]): Record<string, string> {
  return Object.fromEntries(
    assistants.flatMap((id) => [
      [`AI_${id.toUpperCase()}_BASE_URL`, baseURL],
      [`AI_${id.toUpperCase()}_API_KEY`, `sk-test-${id}`],
    ]),
  );
}
