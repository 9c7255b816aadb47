import { describe, expect, it } from 'vitest';
import { uniqueName, useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';

/*
 * The interface language as an account setting (packages/shared/src/languages.ts): `language` on
 * PATCH /api/users/update and on the settings (REST and GraphQL), one of the shipped codes or null
 * for the browser's; anything else is a 400 that changes nothing.
 */
const app = useTestApp();

async function signedUp() {
  const client = new HttpClient(app.url);
  const username = uniqueName();
  const res = await client.post('/api/auth/register', {
    username,
    email: `${username}@example.com`,
    password: 'secret123',
  });
  expect(res.status).toBe(201);
  return client;
}

describe('the language setting', () => {
  it('is null (the browser’s) at first, and each shipped code can be set with the profile or the settings', async () => {
    const owner = await signedUp();
    expect((await owner.get('/api/users/settings')).body.language).toBeNull();

    const updated = await owner.patch('/api/users/update', { language: 'ja' });
    expect(updated.status).toBe(200);
    // The REST user keeps the spec's keys; the language is a setting.
    expect(updated.body.language).toBeUndefined();
    expect((await owner.get('/api/users/settings')).body.language).toBe('ja');

    for (const language of ['es', 'fr', 'de', 'pt-BR', 'en']) {
      const res = await owner.patch('/api/users/settings', { language });
      expect(res.status).toBe(200);
      expect(res.body.language).toBe(language);
    }
    // Other settings are kept alongside.
    await owner.patch('/api/users/settings', { enableSounds: false });
    expect((await owner.get('/api/users/settings')).body).toMatchObject({
      language: 'en',
      enableSounds: false,
    });

    const viaGraphql = await owner.gql(`mutation { updateSettings(input: { language: "de" }) { language } }`);
    expect(viaGraphql.data.updateSettings.language).toBe('de');
    expect((await owner.gql(`{ mySettings { language } }`)).data.mySettings.language).toBe('de');
    const cleared = await owner.gql(`mutation { updateSettings(input: { language: null }) { language } }`);
    expect(cleared.data.updateSettings.language).toBeNull();
  });

  it('refuses a language that is not shipped with a 400 and a message, changing nothing', async () => {
    const owner = await signedUp();
    await owner.patch('/api/users/settings', { language: 'fr' });
    for (const language of ['xx', 'pt', 'EN', '', 42, '\u0000', 'de'.repeat(500)]) {
      for (const path of ['/api/users/update', '/api/users/settings']) {
        const res = await owner.patch(path, { language });
        expect(res.status, `${path} ${JSON.stringify(language)}`).toBe(400);
        // A NUL is refused before any field is read (with its own message).
        if (language !== '\u0000')
          expect(res.body.message).toBe('Language must be one of: en, es, fr, de, pt-BR, ja');
      }
    }
    const bad = await owner.gql(`mutation { updateSettings(input: { language: "klingon" }) { language } }`);
    expect(bad.errors?.[0]?.message).toBe('Language must be one of: en, es, fr, de, pt-BR, ja');
    expect((await owner.get('/api/users/settings')).body.language).toBe('fr');
  });

  it('is each person’s own, and asks a signed-out caller to sign in', async () => {
    const first = await signedUp();
    const second = await signedUp();
    await first.patch('/api/users/settings', { language: 'ja' });
    await second.patch('/api/users/update', { language: 'es' });
    expect((await first.get('/api/users/settings')).body.language).toBe('ja');
    expect((await second.get('/api/users/settings')).body.language).toBe('es');
    const anonymous = new HttpClient(app.url);
    expect((await anonymous.patch('/api/users/settings', { language: 'de' })).status).toBe(401);
    expect((await anonymous.patch('/api/users/update', { language: 'de' })).status).toBe(401);
  });
});

describe('what the api writes, in the asker’s language', () => {
  it('answers error messages in the request’s Accept-Language, English by default', async () => {
    const anonymous = new HttpClient(app.url);
    const wrong = { username: uniqueName(), password: 'not-the-password' };
    const english = await anonymous.post('/api/auth/login', wrong);
    expect(english.body.message).toBe('Invalid username or password');
    const german = await anonymous.post('/api/auth/login', wrong, {
      'accept-language': 'de-DE,de;q=0.9,en;q=0.5',
    });
    expect(german.status).toBe(english.status);
    expect(german.body).toMatchObject({
      message: 'Benutzername oder Passwort ist falsch',
      code: english.body.code,
    });
    // A language Chorus doesn't speak gets English.
    const korean = await anonymous.post('/api/auth/login', wrong, { 'accept-language': 'ko' });
    expect(korean.body.message).toBe('Invalid username or password');
    const signedOut = await anonymous.get('/api/users/settings', { 'accept-language': 'ja' });
    expect(signedOut.body.message).toBe('続けるにはログインしてください');

    const viaGraphql = await anonymous.gql(
      `mutation($input: LoginInput!) { login(input: $input) { user { id } } }`,
      { input: wrong },
      { 'accept-language': 'fr' },
    );
    expect(viaGraphql.errors?.[0]?.message).toBe('Nom d’utilisateur ou mot de passe incorrect');
  });

  it("writes an account's e-mails in its language", async () => {
    const owner = await signedUp();
    await owner.patch('/api/users/settings', { language: 'de' });
    const newAddress = `${uniqueName()}@example.com`;
    const changed = await owner.patch('/api/users/update', {
      email: newAddress,
      currentPassword: 'secret123',
    });
    expect(changed.status).toBe(200);
    // The verify banner still finds the link that went out in German.
    const pending = await owner.get('/api/auth/email/pending');
    expect(pending.body.previewUrl).toMatch(/^\/api\/outbox\//);
    const page = (await owner.get(pending.body.previewUrl)).text;
    expect(page).toContain('Bestätige deine E-Mail-Adresse für Chorus');
    expect(page).toContain('bitte bestätige, dass dies deine E-Mail-Adresse ist');
  });

  it('answers the account, social, folder and usage errors in German and Japanese, English without a language', async () => {
    const client = new HttpClient(app.url);
    const username = uniqueName();
    await client.post('/api/auth/register', {
      username,
      email: `${username}@example.com`,
      password: 'secret123',
    });
    const de = { 'accept-language': 'de' };
    const ja = { 'accept-language': 'ja-JP,ja;q=0.9' };

    // A zod message (accounts/core/schemas.ts).
    const theme = (headers?: Record<string, string>) =>
      client.request('PATCH', '/api/users/settings', { theme: 'purple' }, headers);
    expect((await theme()).body).toMatchObject({
      message: 'Theme must be system, light or dark',
      code: 'BAD_USER_INPUT',
    });
    expect((await theme(de)).body.message).toBe('Das Design muss system, light oder dark sein');
    expect((await theme(ja)).body.message).toBe('テーマは system、light、dark のいずれかにしてください');

    // A service's own error (social/core/friends.ts), the same status in every language.
    const self = (headers?: Record<string, string>) =>
      client.post('/api/friends/request', { username }, headers);
    const english = await self();
    expect(english.body.message).toBe("You can't send a friend request to yourself");
    const german = await self(de);
    expect(german.status).toBe(english.status);
    expect(german.body).toMatchObject({
      message: 'Du kannst dir nicht selbst eine Freundschaftsanfrage schicken',
      code: english.body.code,
    });

    // A message with a value (textError: usage/core/month.ts) keeps its value in every language.
    const early = (headers?: Record<string, string>) => client.get('/api/usage?month=2019-12', headers);
    expect((await early()).body.message).toBe('month must be 2020-01 or later');
    expect((await early(de)).body.message).toBe('month muss 2020-01 oder später sein');
    expect((await early(ja)).body.message).toBe('month は 2020-01 以降にしてください');

    // GraphQL answers the same texts (folders/core/schemas.ts).
    const folder = `mutation { createChatFolder(name: "   ") { id } }`;
    expect((await client.gql(folder)).errors?.[0]?.message).toBe('Folder name cannot be empty');
    expect((await client.gql(folder, undefined, de)).errors?.[0]?.message).toBe(
      'Der Ordnername darf nicht leer sein',
    );
    expect((await client.gql(folder, undefined, ja)).errors?.[0]?.message).toBe(
      'フォルダー名を空にすることはできません',
    );

    // A success message a shim answers (rest/adapter.ts), too.
    expect((await client.post('/api/auth/logout', {}, de)).body.message).toBe('Abgemeldet');
  });
});
