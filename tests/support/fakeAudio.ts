import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An in-process server speaking OpenAI's audio protocol, for the real `openai` SDK to talk to:
 * `POST /audio/transcriptions` (multipart `file`, `model` and optional `language`) answers `{ text }`, and
 * `POST /audio/speech` (JSON `{ model, voice, input }`) answers MP3-looking bytes. Steered by markers
 * in the uploaded file's bytes or the speech input: `[fail500]` answers HTTP 500, `[hang]` never answers.
 * (tests/support/fakeOpenAI.ts reads JSON bodies only, so audio has this server of its own.)
 */
export interface FakeAudio {
  baseURL: string;
  transcriptions: {
    model: string;
    fileName: string;
    type: string;
    bytes: Buffer;
    authorization?: string;
    /** The `language` field (ISO-639-1), when the api told one. */
    language?: string;
  }[];
  speeches: { model: string; voice: string; input: string; format?: string }[];
  /** What a transcription answers (default "Hello from the fake"). */
  text: string;
  close(): Promise<void>;
}

export const FAKE_SPEECH = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(2048, 7)]);

export async function startFakeAudio(): Promise<FakeAudio> {
  const sockets = new Set<import('node:net').Socket>();
  const state: Omit<FakeAudio, 'baseURL' | 'close'> = {
    transcriptions: [],
    speeches: [],
    text: 'Hello from the fake',
  };
  const server: Server = createServer(async (req, res) => {
    const raw = await readAll(req);
    const fail = (status: number, message: string) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message, type: 'server_error' } }));
    };
    if (req.url?.endsWith('/audio/transcriptions')) {
      const form = await new Response(new Uint8Array(raw), {
        headers: { 'content-type': String(req.headers['content-type']) },
      }).formData();
      const file = form.get('file') as File | null;
      const bytes = Buffer.from(file ? await file.arrayBuffer() : new ArrayBuffer(0));
      state.transcriptions.push({
        model: String(form.get('model')),
        fileName: file?.name ?? '',
        type: file?.type ?? '',
        bytes,
        ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
        ...(form.has('language') ? { language: String(form.get('language')) } : {}),
      });
      const marker = bytes.toString('latin1');
      if (marker.includes('[hang]')) return;
      if (marker.includes('[fail500]')) return fail(500, 'transcription backend down');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ text: state.text }));
      return;
    }
    if (req.url?.endsWith('/audio/speech')) {
      const body = JSON.parse(raw.toString('utf8') || '{}');
      state.speeches.push({
        model: body.model,
        voice: body.voice,
        input: body.input,
        format: body.response_format,
      });
      if (String(body.input).includes('[hang]')) return;
      if (String(body.input).includes('[fail500]')) return fail(500, 'speech backend down');
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      res.end(FAKE_SPEECH);
      return;
    }
    fail(404, `no route ${req.url}`);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    baseURL: `http://127.0.0.1:${port}/v1`,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** A short, valid WAV (16 kHz mono 16-bit) of `seconds` of silence, with `marker` bytes appended to its data. */
export function wavOf(seconds: number, marker = ''): Buffer {
  const rate = 16_000;
  const data = Buffer.concat([Buffer.alloc(Math.round(seconds * rate) * 2), Buffer.from(marker, 'latin1')]);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
