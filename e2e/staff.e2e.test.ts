import { describe, expect, it } from 'vitest';
import { useSignedInContexts } from './support/accounts.ts';
import { looks } from './support/browser.ts';
import { makeStaff, useJourneyDatabase } from './support/database.ts';

/**
 * Staff restricting an account (api/src/modules/moderation/core/restrictions.ts) as the person
 * restricted sees it: their open tab signs out at once, without a reload (the web app's
 * `sessionWatch`, features/accounts/session/watchSessionEnd.ts), and signing in again says why.
 */

const signedIn = useSignedInContexts('staff');
const db = useJourneyDatabase();

const whoIs = async (request: import('playwright-core').APIRequestContext) =>
  (await (await request.get('/api/auth/status')).json()) as { id: string; username: string };

describe('A banned user', () => {
  it('is signed out of the open tab at once, and told why when signing in again', async () => {
    const look = looks[0];
    const person = await signedIn(look);
    const moderator = await signedIn(look);
    const target = await whoIs(person.request);
    const staff = await whoIs(moderator.request);
    await makeStaff(db(), staff.id, 'moderator');

    const page = await person.newPage();
    // The tab's watch on its session is open once it has sent its subscription.
    const watching = page.waitForEvent('websocket').then((socket) =>
      socket.waitForEvent('framesent', {
        predicate: (frame) => String(frame.payload).includes('sessionWatch'),
        timeout: 20_000,
      }),
    );
    await page.goto('/chat');
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    await watching;

    const banned = await moderator.request.post('/graphql', {
      data: {
        query: 'mutation($id: ID!) { banUser(userId: $id, reason: "Spam in the gallery") { status } }',
        variables: { id: target.id },
      },
    });
    expect(((await banned.json()) as { data: { banUser: { status: string } } }).data.banUser.status).toBe(
      'banned',
    );

    // No reload: the server closed the tab's socket, and the tab went to the sign-in page.
    await page.waitForURL(/\/login/, { timeout: 10_000 });
    await page.getByLabel('Username').fill(target.username);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByText('This account has been banned. Reason: Spam in the gallery').waitFor();
    expect(page.url()).toMatch(/\/login/);
    await person.close();
    await moderator.close();
  });
});
