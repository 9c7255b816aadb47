import { describe, expect, it } from 'vitest';
import { useStarted, useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { assistantEnv, startFakeOpenAI } from '../../tests/support/fakeOpenAI.ts';
import { PNG_1X1 } from '../../tests/support/images.ts';
import { paidClient, signedUpClient } from '../../tests/support/users.ts';

const fake = useStarted(startFakeOpenAI);
const app = useTestApp(() => ({
  ...assistantEnv(fake.baseURL, 'gpt', 'claude', 'image'),
  AI_CLAUDE_VISION: 'false',
}));

const paid = () => paidClient(app.url);

const SEND = `mutation($input: SendMessageInput!) {
  sendMessage(input: $input) { chat { id } userMessage { images } aiMessage { id } }
}`;

async function answerOf(client: HttpClient, chatId: string) {
  let last: { content: string; status: string; images: string[] } | undefined;
  await expect
    .poll(async () => {
      last = (
        await client.gql(`{ messages(chatId: "${chatId}") { content status images } }`)
      ).data.messages.at(-1);
      return last?.status;
    })
    .not.toBe('streaming');
  return last!;
}

describe('chat image uploads', () => {
  it('stores a real image and serves it back', async () => {
    const { client } = await paid();
    const res = await client.upload('/api/chat/images', 'image', PNG_1X1, 'dot.png', 'image/png');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'dot.png', contentType: 'image/png', size: PNG_1X1.length });
    // Served to its owner only (hardening.media.test.ts has the rest of it).
    const served = await fetch(app.url + res.body.url, { headers: { cookie: client.cookieHeader } });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG_1X1);
    expect((await fetch(app.url + res.body.url)).status).toBe(404);
  });

  it('checks the type by content, not by name, and refuses strangers', async () => {
    const { client } = await paid();
    const fakePng = await client.upload(
      '/api/chat/images',
      'image',
      Buffer.from('just text, not an image'),
      'evil.png',
      'image/png',
    );
    expect(fakePng.status).toBe(400);
    expect(fakePng.body.message).toBe('Only PNG, JPEG, GIF and WebP images can be attached');
    const tooBig = await client.upload(
      '/api/chat/images',
      'image',
      Buffer.alloc(11 * 1024 * 1024),
      'big.png',
      'image/png',
    );
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toBe('Images can be at most 10 MB');
    expect(
      (await new HttpClient(app.url).upload('/api/chat/images', 'image', PNG_1X1, 'dot.png')).status,
    ).toBe(401);
  });
});

describe('image analysis', () => {
  it('sends the attached image to a vision assistant', async () => {
    const { client } = await paid();
    const up = await client.upload('/api/chat/images', 'image', PNG_1X1, 'dot.png', 'image/png');
    const sent = await client.gql(SEND, {
      input: { content: 'What is in this picture?', imageIds: [up.body.id] },
    });
    expect(sent.errors).toBeUndefined();
    expect(sent.data.sendMessage.userMessage.images).toEqual([up.body.url]);
    await answerOf(client, sent.data.sendMessage.chat.id);
    const last = fake.requests.at(-1)!.body.messages.at(-1);
    expect(last.role).toBe('user');
    expect(last.content).toEqual([
      { type: 'text', text: 'What is in this picture?' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_1X1.toString('base64')}` } },
    ]);
  });

  it('is a paid feature', async () => {
    const { client } = await signedUpClient(app.url);
    const up = await client.upload('/api/chat/images', 'image', PNG_1X1, 'dot.png', 'image/png');
    const sent = await client.gql(SEND, { input: { content: 'look', imageIds: [up.body.id] } });
    expect(sent.errors?.[0]).toMatchObject({
      message: 'Image analysis is part of Premium. Upgrade to attach images to your messages.',
      extensions: { code: 'PAYMENT_REQUIRED', upgradeUrl: '/plans' },
    });
  });

  it("refuses another user's image and assistants that can't see", async () => {
    const a = await paid();
    const b = await paid();
    const up = await a.client.upload('/api/chat/images', 'image', PNG_1X1, 'dot.png', 'image/png');
    const stolen = await b.client.gql(SEND, { input: { content: 'look', imageIds: [up.body.id] } });
    expect(stolen.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const blind = await a.client.gql(SEND, { input: { content: '@claude look', imageIds: [up.body.id] } });
    expect(blind.errors?.[0]?.message).toMatch(/Claude can't see images/);
  });
});

describe('@image generation', () => {
  it("answers with a generated picture stored as the user's file", async () => {
    const { client } = await paid();
    const sent = await client.gql(SEND, { input: { content: '@image a red fox in the snow' } });
    expect(sent.errors).toBeUndefined();
    const answer = await answerOf(client, sent.data.sendMessage.chat.id);
    expect(answer.status).toBe('complete');
    expect(answer.content).toMatch(/^!\[a red fox in the snow\]\(\/media\/private\/images\/.+\.png\)$/);
    expect(answer.images).toHaveLength(1);
    const image = await fetch(app.url + answer.images[0], { headers: { cookie: client.cookieHeader } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/images/generations',
      body: { prompt: 'a red fox in the snow' },
    });
  });

  it('is a paid feature, and a failing image provider ends in a clear error', async () => {
    const free = await signedUpClient(app.url);
    const refused = await free.client.gql(SEND, { input: { content: '@image a cat' } });
    expect(refused.errors?.[0]?.message).toBe(
      'Image generation is part of Premium. Upgrade to create images with @image.',
    );
    const { client } = await paid();
    const sent = await client.gql(SEND, { input: { content: '@image [fail500] a cat' } });
    const answer = await answerOf(client, sent.data.sendMessage.chat.id);
    expect(answer.status).toBe('error');
  });
});

describe('@image retries and stops', () => {
  async function statusOf(client: HttpClient, chatId: string, messageId: string) {
    let found: { id: string; content: string; status: string } | undefined;
    await expect
      .poll(async () => {
        const messages = (await client.gql(`{ messages(chatId: "${chatId}") { id content status } }`)).data
          .messages as { id: string; content: string; status: string }[];
        found = messages.find((m) => m.id === messageId);
        return found?.status;
      })
      .not.toBe('streaming');
    return found!;
  }

  it('a Retry of an older failed picture draws that answer’s own prompt, not the newest one', async () => {
    const { client } = await paid();
    const first = await client.gql(SEND, { input: { content: '@image [failonce] a cat on a roof' } });
    const chatId = first.data.sendMessage.chat.id;
    const failedId = first.data.sendMessage.aiMessage.id;
    expect((await statusOf(client, chatId, failedId)).status).toBe('error');
    const second = await client.gql(SEND, { input: { chatId, content: '@image a dog in a pond' } });
    expect((await statusOf(client, chatId, second.data.sendMessage.aiMessage.id)).status).toBe('complete');

    const retry = await client.gql(`mutation { regenerate(messageId: "${failedId}") { status } }`);
    expect(retry.errors).toBeUndefined();
    const redrawn = await statusOf(client, chatId, failedId);
    expect(redrawn.status).toBe('complete');
    expect(redrawn.content).toMatch(/^!\[failonce a cat on a roof\]\(/);
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/images/generations',
      body: { prompt: '[failonce] a cat on a roof' },
    });
  });

  it('reports Stop pressed while the picture is being drawn as stopped', async () => {
    const { client } = await paid();
    const sent = await client.gql(SEND, { input: { content: '@image [hang] a slow sunset' } });
    const { id } = sent.data.sendMessage.aiMessage;
    await new Promise((r) => setTimeout(r, 150));
    expect(
      (await client.gql(`mutation { stopGeneration(messageId: "${id}") { id } }`)).errors,
    ).toBeUndefined();
    const answer = await statusOf(client, sent.data.sendMessage.chat.id, id);
    expect(answer).toMatchObject({ status: 'stopped', content: '' });
  });
});

describe('message images over GraphQL', () => {
  it('are an empty list on a new answer (never null)', async () => {
    const { client } = await paid();
    const sent = await client.gql(
      `mutation { sendMessage(input: { content: "hello" }) { userMessage { images } aiMessage { images status } } }`,
    );
    expect(sent.errors).toBeUndefined();
    expect(sent.data.sendMessage).toEqual({
      userMessage: { images: [] },
      aiMessage: { images: [], status: 'streaming' },
    });
  });
});
