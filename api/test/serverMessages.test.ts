import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { signedUpClient } from '../../tests/support/users.ts';

/*
 * The feature modules' error messages (prompts, compare, comments, blocks…) answered in the
 * request's Accept-Language, REST and GraphQL alike, and in English without one: the texts are
 * marked with msg()/textError where they are thrown, and translated in
 * packages/shared/locales/server/{language}.json (api/src/platform/i18n.ts). languages.test.ts
 * covers the accounts' messages and the e-mails.
 */
const app = useTestApp();

const GERMAN = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' };
const JAPANESE = { 'accept-language': 'ja' };

describe('feature messages in the asker’s language', () => {
  it('answers a missing row and a refused field in German and Japanese, English by default (REST)', async () => {
    const { client, username } = await signedUpClient(app.url);
    const missing = `/api/prompts/${randomUUID()}`;
    const english = await client.request('DELETE', missing);
    expect(english.status).toBe(404);
    expect(english.body).toEqual({ message: 'Prompt not found', code: 'NOT_FOUND' });
    const german = await client.request('DELETE', missing, undefined, GERMAN);
    expect(german.status).toBe(404);
    expect(german.body).toEqual({ message: 'Prompt nicht gefunden', code: 'NOT_FOUND' });
    expect((await client.request('DELETE', missing, undefined, JAPANESE)).body.message).toBe(
      'プロンプトが見つかりません',
    );

    // A zod message (the first issue's) is a catalogue text too.
    const untitled = { title: '  ', body: 'A haiku' };
    const refused = await client.post('/api/prompts', untitled);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Title is required');
    expect((await client.post('/api/prompts', untitled, GERMAN)).body.message).toBe(
      'Ein Titel ist erforderlich',
    );
    expect((await client.post('/api/prompts', untitled, JAPANESE)).body.message).toBe('タイトルは必須です');

    // A table's message (moderation/core/blocks.ts), and one on a video that isn't there.
    const self = `/api/users/${username}/block`;
    expect((await client.post(self)).body.message).toBe("You can't block yourself");
    expect((await client.post(self, {}, GERMAN)).body.message).toBe('Du kannst dich nicht selbst blockieren');
    const comment = `/api/posts/${randomUUID()}/comments`;
    expect((await client.post(comment, { body: 'Hi' })).body.message).toBe('Video not found');
    expect((await client.post(comment, { body: 'Hi' }, JAPANESE)).body.message).toBe('動画が見つかりません');
  });

  it('says the shared limits (a message too long, a username too short) in the asker’s language', async () => {
    const { client } = await signedUpClient(app.url);
    const chat = await client.post('/api/chats', {});
    const tooLong = { content: 'a'.repeat(20_001) };
    const english = await client.post(`/api/chats/${chat.body.id}/messages`, tooLong);
    expect(english.status).toBe(400);
    expect(english.body.message).toBe('Messages are limited to 20,000 characters');
    expect((await client.post(`/api/chats/${chat.body.id}/messages`, tooLong, GERMAN)).body.message).toBe(
      'Nachrichten sind auf 20.000 Zeichen begrenzt',
    );
    const signUp = new HttpClient(app.url);
    const short = {
      username: 'ab',
      email: 'ab@example.com',
      password: 'secret123',
      confirmPassword: 'secret123',
    };
    const refused = await signUp.post('/api/auth/register', short, JAPANESE);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('ユーザー名は3文字以上にしてください');
  });

  it('says a message with values (textError) in the asker’s language, the values kept (REST and GraphQL)', async () => {
    const { client } = await signedUpClient(app.url);
    const path = `/api/chats/${randomUUID()}/compare`;
    const unknown = { content: 'Hi', models: ['claude', 'nosuch'] };
    const english = await client.post(path, unknown);
    expect(english.status).toBe(400);
    expect(english.body).toEqual({ message: 'Unknown assistant: nosuch', code: 'BAD_USER_INPUT' });
    expect((await client.post(path, unknown, GERMAN)).body.message).toBe('Unbekannter Assistent: nosuch');
    const twice = { content: 'Hi', models: ['claude', '@claude'] };
    expect((await client.post(path, twice)).body.message).toBe(
      'Claude is named twice; each assistant answers once',
    );
    expect((await client.post(path, twice, JAPANESE)).body.message).toBe(
      'Claude が 2 回指定されています。各アシスタントが回答するのは 1 回だけです',
    );

    const COMPARE = `mutation($content: String!, $assistants: [ID!]!) {
      compare(content: $content, assistants: $assistants) { chat { id } }
    }`;
    const variables = { content: 'Hi', assistants: ['claude', 'nosuch'] };
    const viaGraphql = await client.gql(COMPARE, variables);
    expect(viaGraphql.errors?.[0]).toMatchObject({
      message: 'Unknown assistant: nosuch',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect((await client.gql(COMPARE, variables, GERMAN)).errors?.[0]?.message).toBe(
      'Unbekannter Assistent: nosuch',
    );
    expect((await client.gql(COMPARE, variables, JAPANESE)).errors?.[0]?.message).toBe(
      '不明なアシスタントです: nosuch',
    );
  });

  it('says a zod message with a limit in the asker’s language, English as written (zodText, REST and GraphQL)', async () => {
    const { client } = await signedUpClient(app.url);
    // A title too long (prompts/core/prompts.ts), and a body whose limit English writes "8,000".
    const long = { title: 'x'.repeat(101), body: 'A haiku' };
    const english = await client.post('/api/prompts', long);
    expect(english.status).toBe(400);
    expect(english.body).toEqual({
      message: 'Title must be at most 100 characters',
      code: 'BAD_USER_INPUT',
      field: 'title',
    });
    const german = await client.post('/api/prompts', long, GERMAN);
    expect(german.status).toBe(400);
    expect(german.body).toEqual({
      message: 'Der Titel darf höchstens 100 Zeichen lang sein',
      code: 'BAD_USER_INPUT',
      field: 'title',
    });
    expect((await client.post('/api/prompts', long, JAPANESE)).body.message).toBe(
      'タイトルは最大 100 文字までです',
    );
    const wordy = { title: 'Haiku', body: 'x'.repeat(8001) };
    expect((await client.post('/api/prompts', wordy)).body.message).toBe(
      'Prompt text must be at most 8,000 characters',
    );
    expect((await client.post('/api/prompts', wordy, GERMAN)).body.message).toBe(
      'Der Prompt-Text darf höchstens 8.000 Zeichen lang sein',
    );

    // A page size out of range (platform/validation.ts pageSize).
    const page = await client.get('/api/files?limit=0');
    expect(page.status).toBe(400);
    expect(page.body.message).toBe('limit must be a whole number from 1 to 1000');
    expect((await client.get('/api/files?limit=0', GERMAN)).body.message).toBe(
      'limit muss eine ganze Zahl von 1 bis 1000 sein',
    );

    const CREATE = `mutation($input: CreatePromptInput!) { createPrompt(input: $input) { id } }`;
    expect((await client.gql(CREATE, { input: long })).errors?.[0]).toMatchObject({
      message: 'Title must be at most 100 characters',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect((await client.gql(CREATE, { input: long }, JAPANESE)).errors?.[0]?.message).toBe(
      'タイトルは最大 100 文字までです',
    );
    const SEARCH = `query($limit: Int) { search(query: "haiku", limit: $limit) { chatId } }`;
    expect((await client.gql(SEARCH, { limit: 51 })).errors?.[0]?.message).toBe(
      'limit must be a whole number from 1 to 50',
    );
    expect((await client.gql(SEARCH, { limit: 51 }, GERMAN)).errors?.[0]?.message).toBe(
      'limit muss eine ganze Zahl von 1 bis 50 sein',
    );
    expect((await client.gql(SEARCH, { limit: 51 }, JAPANESE)).errors?.[0]?.message).toBe(
      'limit は 1 から 50 までの整数で指定してください',
    );
  });

  it('explains a content refusal with the category in the asker’s words (safety/core/refusals.ts)', async () => {
    const { client } = await signedUpClient(app.url);
    const gory = { prompt: 'A knight BÉHEADING a dragon, 8 seconds' };
    expect((await client.post('/api/videos/generate', gory)).body.message).toBe(
      "This prompt can't be made into a video: it was flagged for graphic violence. Change it and try again.",
    );
    const german = await client.post('/api/videos/generate', gory, GERMAN);
    expect(german.status).toBe(400);
    expect(german.body).toEqual({
      message:
        'Aus diesem Prompt kann kein Video werden: Er wurde markiert (Kategorie: drastische Gewalt). Ändere ihn und versuche es erneut.',
      code: 'CONTENT_REFUSED',
      category: 'violence/graphic',
      field: 'prompt',
    });
    const GENERATE = `mutation($input: GenerateVideoInput!) { generateVideo(input: $input) { id } }`;
    const hateful = await client.gql(
      GENERATE,
      { input: { prompt: 'ｓｉｅｇ ｈｅｉｌ banners in a stadium' } },
      JAPANESE,
    );
    expect(hateful.errors?.[0]).toMatchObject({
      message:
        'このプロンプトは動画にできません。「ヘイト」に該当すると判定されました。内容を変えてもう一度お試しください。',
      extensions: { code: 'CONTENT_REFUSED', category: 'hate' },
    });
  });

  it('answers GraphQL errors of a missing row in the asker’s language, and a signed-out caller is asked to sign in', async () => {
    const { client } = await signedUpClient(app.url);
    const DELETE = `mutation($id: ID!) { deletePrompt(id: $id) }`;
    const id = randomUUID();
    expect((await client.gql(DELETE, { id })).errors?.[0]?.message).toBe('Prompt not found');
    expect((await client.gql(DELETE, { id }, GERMAN)).errors?.[0]?.message).toBe('Prompt nicht gefunden');
    expect((await client.gql(DELETE, { id }, JAPANESE)).errors?.[0]?.message).toBe(
      'プロンプトが見つかりません',
    );
    const BLOCK = `mutation($username: String!) { blockUser(username: $username) { blocked } }`;
    const username = `nobody${Date.now()}`;
    expect((await client.gql(BLOCK, { username }, GERMAN)).errors?.[0]?.message).toBe(
      'Benutzer nicht gefunden',
    );

    const anonymous = new HttpClient(app.url);
    const signedOut = await anonymous.request('DELETE', `/api/prompts/${id}`, undefined, GERMAN);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.message).toBe('Bitte melde dich an, um fortzufahren');
  });
});
