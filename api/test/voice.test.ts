import { describe, expect, it } from 'vitest';
import { useStarted, useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { FAKE_SPEECH, startFakeAudio, wavOf } from '../../tests/support/fakeAudio.ts';
import { signedUpClient } from '../../tests/support/users.ts';

const fake = useStarted(startFakeAudio);

const speech = (url: string, client: HttpClient | null, body: unknown) =>
  fetch(`${url}/api/audio/speech`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(client ? { cookie: client.cookieHeader } : {}) },
    body: JSON.stringify(body),
  });

describe('voice with STT and TTS servers configured', () => {
  const app = useTestApp(() => ({
    STT_BASE_URL: fake.baseURL,
    STT_API_KEY: 'stt-key',
    STT_MODEL: 'fake-whisper',
    TTS_BASE_URL: fake.baseURL,
    TTS_MODEL: 'fake-tts',
    TTS_VOICE: 'nova',
    VOICE_TIMEOUT_MS: '1500',
    VOICE_TRANSCRIPTIONS_PER_MINUTE: '3',
    VOICE_SPEECH_PER_MINUTE: '3',
  }));

  it('transcribes a recording through the STT server: the file and the model reach it', async () => {
    const { client } = await signedUpClient(app.url);
    const wav = wavOf(0.5);
    const res = await client.upload('/api/audio/transcriptions', 'file', wav, 'note.weird', 'audio/wav');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ text: 'Hello from the fake' });
    const seen = fake.transcriptions.at(-1)!;
    expect(seen.model).toBe('fake-whisper');
    expect(seen.fileName).toBe('recording.wav');
    expect(seen.authorization).toBe('Bearer stt-key');
    expect(seen.bytes.equals(wav)).toBe(true);
    expect(seen.language).toBeUndefined();
  });

  it("tells the STT server the recording's language, and refuses one that isn't shipped", async () => {
    const { client } = await signedUpClient(app.url);
    const japanese = await client.upload(
      '/api/audio/transcriptions',
      'file',
      wavOf(0.2),
      'a.wav',
      'audio/wav',
      {
        language: 'ja',
      },
    );
    expect(japanese.status).toBe(200);
    expect(fake.transcriptions.at(-1)!.language).toBe('ja');
    const before = fake.transcriptions.length;
    for (const language of ['pt-BR', 'ko', 'EN', 'x'.repeat(300)]) {
      const res = await client.upload('/api/audio/transcriptions', 'file', wavOf(0.2), 'a.wav', 'audio/wav', {
        language,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('language must be one of en, es, fr, de, pt, ja');
    }
    expect(fake.transcriptions.length).toBe(before);
  });

  it('tells the web what it can do, by REST and GraphQL, to signed-in people only', async () => {
    const { client } = await signedUpClient(app.url);
    expect((await client.get('/api/audio/config')).body).toEqual({ transcription: true, speech: true });
    expect((await client.gql('{ voiceConfig { transcription speech } }')).data.voiceConfig).toEqual({
      transcription: true,
      speech: true,
    });
    const visitor = new HttpClient(app.url);
    expect((await visitor.get('/api/audio/config')).status).toBe(401);
    expect((await visitor.gql('{ voiceConfig { transcription } }')).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('refuses visitors, non-audio, empty, too long and too big uploads with a message', async () => {
    const before = fake.transcriptions.length;
    const visitor = new HttpClient(app.url);
    const signedOut = await visitor.upload(
      '/api/audio/transcriptions',
      'file',
      wavOf(0.1),
      'a.wav',
      'audio/wav',
    );
    expect(signedOut.status).toBe(401);

    const { client } = await signedUpClient(app.url);
    const text = await client.upload(
      '/api/audio/transcriptions',
      'file',
      Buffer.from('not audio at all, no'),
      'a.wav',
      'audio/wav',
    );
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: expect.stringContaining('WebM, Ogg'),
    });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    expect(
      (await client.upload('/api/audio/transcriptions', 'file', png, 'a.webm', 'audio/webm')).status,
    ).toBe(400);
    const wrongField = await client.upload(
      '/api/audio/transcriptions',
      'audio',
      wavOf(0.1),
      'a.wav',
      'audio/wav',
    );
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.message).toBe('Send the recording as multipart field "file"');
    const empty = await client.upload(
      '/api/audio/transcriptions',
      'file',
      Buffer.alloc(0),
      'a.webm',
      'audio/webm',
    );
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('The recording is empty');
    const long = await client.upload(
      '/api/audio/transcriptions',
      'file',
      wavOf(11 * 60),
      'long.wav',
      'audio/wav',
    );
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Recordings can be at most 10 minutes long');
    const big = await client.upload(
      '/api/audio/transcriptions',
      'file',
      Buffer.alloc(26 * 1024 * 1024, 1),
      'big.webm',
      'audio/webm',
    );
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ message: 'Recordings can be at most 25 MB', code: 'PAYLOAD_TOO_LARGE' });
    // None of those reached the provider.
    expect(fake.transcriptions.length).toBe(before);
  });

  it("answers 502 when the provider fails or doesn't answer in time", async () => {
    const { client } = await signedUpClient(app.url);
    const failed = await client.upload(
      '/api/audio/transcriptions',
      'file',
      wavOf(0.1, '[fail500]'),
      'a.wav',
      'audio/wav',
    );
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({ message: 'Transcription failed, try again', code: 'UPSTREAM_ERROR' });
    const started = Date.now();
    const hung = await client.upload(
      '/api/audio/transcriptions',
      'file',
      wavOf(0.1, '[hang]'),
      'a.wav',
      'audio/wav',
    );
    expect(hung.status).toBe(502);
    expect(hung.body.code).toBe('UPSTREAM_ERROR');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('counts transcriptions per person exactly, under a parallel burst', async () => {
    const { client } = await signedUpClient(app.url);
    const results = await Promise.all(
      Array.from({ length: 7 }, () =>
        client.upload('/api/audio/transcriptions', 'file', wavOf(0.1), 'a.wav', 'audio/wav'),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429]);
    expect(results.find((r) => r.status === 429)!.body.message).toMatch(/Too many voice requests/);
    // Someone else still has their own allowance.
    const other = await signedUpClient(app.url);
    expect(
      (await other.client.upload('/api/audio/transcriptions', 'file', wavOf(0.1), 'a.wav', 'audio/wav'))
        .status,
    ).toBe(200);
  });

  it('reads text aloud through the TTS server as audio/mpeg, and refuses bad input', async () => {
    const { client } = await signedUpClient(app.url);
    const res = await speech(app.url, client, { text: 'Hello there', messageId: 'abc' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^audio\/mpeg/);
    expect(Buffer.from(await res.arrayBuffer()).equals(FAKE_SPEECH)).toBe(true);
    expect(fake.speeches.at(-1)).toEqual({
      model: 'fake-tts',
      voice: 'nova',
      input: 'Hello there',
      format: 'mp3',
    });

    expect((await speech(app.url, null, { text: 'hi' })).status).toBe(401);
    for (const bad of [
      {},
      { text: '' },
      { text: '   ' },
      { text: 42 },
      { text: 'x'.repeat(4097) },
      { text: 'hi', messageId: 5 },
    ]) {
      const r = await speech(app.url, client, bad);
      expect(r.status).toBe(400);
      expect((await r.json()).code).toBe('BAD_USER_INPUT');
    }
    const failed = await speech(app.url, client, { text: 'please [fail500]' });
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({
      message: 'Reading aloud failed, try again',
      code: 'UPSTREAM_ERROR',
    });
  });
});

describe('voice with nothing configured', () => {
  const app = useTestApp();

  it('answers 503 with what the operator must set, and says so in its config', async () => {
    const { client } = await signedUpClient(app.url);
    expect((await client.get('/api/audio/config')).body).toEqual({ transcription: false, speech: false });
    const res = await client.upload('/api/audio/transcriptions', 'file', wavOf(0.1), 'a.wav', 'audio/wav');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      message: 'Voice transcription is not set up on this server (STT_BASE_URL)',
      code: 'SERVICE_UNAVAILABLE',
    });
    const spoken = await speech(app.url, client, { text: 'hi' });
    expect(spoken.status).toBe(503);
    expect((await spoken.json()).code).toBe('SERVICE_UNAVAILABLE');
    // Bad input is still bad input.
    expect((await speech(app.url, client, { text: '' })).status).toBe(400);
    const notAudio = await client.upload(
      '/api/audio/transcriptions',
      'file',
      Buffer.from('plain text here'),
      'a.txt',
    );
    expect(notAudio.status).toBe(400);
  });
});
