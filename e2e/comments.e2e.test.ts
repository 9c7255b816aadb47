import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signedInContext } from './support/accounts.ts';
import { axeProblems } from './support/axe.ts';
import {
  expectNoSideScroll,
  looks,
  type Mode,
  modeContext,
  screenshot,
  screenshotOnFailure,
  shotsFolder,
  uniqueName,
  useJourney,
  viewports,
  waitForHydration,
} from './support/browser.ts';
import { gqlAs, whoIs } from './support/graphqlAs.ts';

/**
 * Comments on a public video (web/src/features/comments, lazily loaded by PublicVideoPage): B has a
 * public video open; A opens it and comments; B sees the comment arrive without a reload, replies; A
 * sees the reply arrive and deletes their comment, which leaves both pages. A visitor is asked to sign
 * in. Screenshots in the four looks.
 */

const journey = useJourney('comments');
const SHOTS = shotsFolder('comments');
let pool: pg.Pool;
const desktop: Mode = { colorScheme: 'light', viewport: viewports.desktop };

beforeAll(() => {
  pool = new pg.Pool({ connectionString: inject('e2eDatabaseUrl'), max: 2 });
});
afterAll(() => pool.end());

/** A public video of the context's person, written straight to the database; its slug and id. */
async function publicVideo(ctx: BrowserContext, title: string) {
  const me = await whoIs(ctx);
  const slug = `${title.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}`;
  const { rows } = await pool.query(
    `insert into posts (id, user_id, slug, title, prompt, tags, duration, size, video_url, is_public)
     values (gen_random_uuid(), $1, $2, $3, $4, '{}', '8', '1280x720', '/media/none.mp4', true) returning id`,
    [me.id, slug, title, `${title}, in a cinematic style`],
  );
  return { slug, id: rows[0].id as string, username: me.username };
}

/** Resolves once the page's socket has asked for the video's live comments (comments/liveComments.ts). */
function commentsFollowed(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framesent', ({ payload }) => {
        // The server starts listening as it takes the subscription: a moment for that round trip.
        if (String(payload).includes('subscription CommentsChanged')) setTimeout(resolve, 300);
      }),
    );
  });
}

const commentsList = (page: Page) => page.getByRole('list', { name: 'Comments' });
const commentBy = (page: Page, name: string) =>
  commentsList(page).getByRole('article', { name: `Comment by ${name}` });

async function openVideo(page: Page, slug: string) {
  const followed = commentsFollowed(page);
  await page.goto(`/videos/${slug}`);
  await waitForHydration(page);
  await page.getByRole('heading', { name: 'Comments' }).waitFor();
  await page.getByTestId('comment-count').waitFor();
  return { followed };
}

describe('comments on a public video', () => {
  it('A comments, B sees it arrive live and replies, A deletes their comment', async (test) => {
    const browser = journey.browser();
    const [bCtx, aCtx] = await Promise.all([
      signedInContext(browser, desktop, 'maker'),
      signedInContext(browser, desktop, 'viewer'),
    ]);
    const video = await publicVideo(bCtx, `Herons at dawn ${uniqueName('v')}`);
    const a = await whoIs(aCtx);
    const bPage = await bCtx.newPage();
    const aPage = await aCtx.newPage();
    screenshotOnFailure(test, bPage, 'comments-b');
    screenshotOnFailure(test, aPage, 'comments-a');

    const opened = await Promise.all([openVideo(bPage, video.slug), openVideo(aPage, video.slug)]);
    await Promise.all(opened.map((o) => o.followed));
    await bPage.getByText('No comments yet — be the first.').waitFor();

    // A comments with Ctrl+Enter; the box empties and the comment is listed with A's name.
    const box = aPage.getByRole('textbox', { name: 'Add a comment' });
    await box.fill('What a <b>lovely</b> light on the water');
    await box.press('Control+Enter');
    await commentBy(aPage, a.username).getByText('What a <b>lovely</b> light on the water').waitFor();
    // The box empties when the post answers, which can come after the comment arrives live.
    await expect.poll(() => box.inputValue()).toBe('');
    await aPage.getByText('1 comment', { exact: true }).waitFor();

    // B's open page shows it without a reload.
    const fromA = commentBy(bPage, a.username);
    await fromA.getByText('What a <b>lovely</b> light on the water').waitFor();
    await bPage.getByText('1 comment', { exact: true }).waitFor();

    // B replies; A's page shows the reply live.
    await fromA.getByRole('button', { name: 'Reply' }).click();
    const reply = bPage.getByRole('textbox', { name: `Reply to ${a.username}` });
    await reply.fill('Thank you! It was 6 am.');
    await bPage.getByRole('button', { name: 'Reply', exact: true }).last().click();
    await commentBy(bPage, video.username).getByText('Thank you! It was 6 am.').waitFor();
    await commentBy(aPage, video.username).getByText('Thank you! It was 6 am.').waitFor();
    await aPage.getByText('2 comments', { exact: true }).waitFor();
    expect(await axeProblems(aPage)).toEqual([]);

    // A deletes their comment (its reply goes with it) on both pages.
    const mine = commentBy(aPage, a.username);
    await mine.getByRole('button', { name: 'Delete' }).first().click();
    await mine
      .getByRole('group', { name: 'Confirm deletion' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await aPage.getByText('No comments yet — be the first.').waitFor();
    await bPage.getByText('No comments yet — be the first.').waitFor();
    await bPage.getByText('0 comments', { exact: true }).waitFor();
    for (const ctx of [aCtx, bCtx]) await ctx.close();
  });

  it('asks a signed-out visitor to sign in, and keeps a refused comment in the box', async () => {
    const browser = journey.browser();
    const bCtx = await signedInContext(browser, desktop, 'maker');
    const video = await publicVideo(bCtx, `Fog on the river ${uniqueName('v')}`);
    await gqlAs(bCtx, 'mutation($p: ID!) { addComment(postId: $p, body: "First light") { id } }', {
      p: video.id,
    });
    const visitor = await modeContext(browser, desktop);
    const page = await visitor.newPage();
    // The section is drawn by the server too and hydrates after the page (its own chunk): no
    // difference React would report on the console.
    const errors: string[] = [];
    page.on('console', (message) => {
      // The test video has no file: its 404 is not what this looks for.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`/videos/${video.slug}`);
    await waitForHydration(page, { settleMs: 500 });
    await page.getByRole('link', { name: 'Sign in to comment' }).waitFor();
    await commentBy(page, video.username).getByText('First light').waitFor();
    expect(errors).toEqual([]);
    await visitor.close();

    // Made private while the page is open: the post is refused with the server's words, the text kept.
    const bPage = await bCtx.newPage();
    await openVideo(bPage, video.slug);
    await pool.query('update posts set is_public = false where id = $1', [video.id]);
    const box = bPage.getByRole('textbox', { name: 'Add a comment' });
    await box.fill('Still here?');
    await bPage.getByRole('button', { name: 'Post' }).click();
    await bPage.getByRole('alert').filter({ hasText: 'Video not found' }).waitFor();
    expect(await box.inputValue()).toBe('Still here?');
    await bCtx.close();
  });

  it.each(looks)('reads well at $name', async (look) => {
    const browser = journey.browser();
    const bCtx = await signedInContext(browser, look, 'maker');
    const aCtx = await signedInContext(browser, look, 'viewer');
    const video = await publicVideo(bCtx, `Kingfisher ${uniqueName('v')}`);
    const first = await gqlAs(
      aCtx,
      'mutation($p: ID!, $b: String!) { addComment(postId: $p, body: $b) { id } }',
      {
        p: video.id,
        b: 'The blue of its wings is unreal. How close were you? Did it notice the camera at all?',
      },
    );
    await gqlAs(
      bCtx,
      'mutation($p: ID!, $c: ID!) { addComment(postId: $p, body: "About two metres, from a hide.", parentId: $c) { id } }',
      {
        p: video.id,
        c: first.addComment.id,
      },
    );
    await gqlAs(aCtx, 'mutation($p: ID!) { addComment(postId: $p, body: "Brilliant 👏") { id } }', {
      p: video.id,
    });
    const page = await aCtx.newPage();
    await openVideo(page, video.slug);
    await page.getByText('3 comments', { exact: true }).waitFor();
    await expectNoSideScroll(page);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, { path: `${SHOTS}/video-comments-${look.name}.png`, fullPage: true });
    for (const ctx of [aCtx, bCtx]) await ctx.close();
  });
});
