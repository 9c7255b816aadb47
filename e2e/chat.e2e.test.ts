import type { Locator, Page } from 'playwright-core';
import { describe, expect, it, type TestContext } from 'vitest';
import { fillRegisterForm, spendFreePrompts } from './support/accounts.ts';
import { LONG_QUESTION } from './support/answers.ts';
import { expectNoSideScroll, newPage, uniqueName, useJourney, viewports } from './support/browser.ts';
import { renameChat } from './support/chats.ts';

/**
 * The chat screen as a person uses it, against the real api with no provider keys (assistants answer
 * through the offline provider, streamed token by token). Free accounts have 10 prompts a month, so
 * each journey signs up its own user and stays within that.
 */

const journey = useJourney('chat');

interface Sample {
  len: number;
  status: string;
  typing: boolean;
}

/** A valid 1x1 PNG. */
const PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const CHAT_URL = /\/chat\/([0-9a-f-]{36})$/;

async function signUp(page: Page): Promise<string> {
  const username = uniqueName('chat');
  await page.goto('/register');
  await page.locator('label').filter({ hasText: /^Free/ }).click();
  expect(await page.getByRole('radio', { name: /Free/ }).isChecked()).toBe(true);
  await fillRegisterForm(page, username, 'chat-pass-123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL(/\/chat$/, { timeout: 10_000 });
  return username;
}

/** A page signed in as a new Free account, with a screenshot of it if the journey fails. */
async function signedInPage(test: TestContext, viewport: { width: number; height: number }) {
  const { context, page } = await journey.newPage(test, viewport);
  const live = liveSocketReady(page);
  const username = await signUp(page);
  return { context, page, username, live };
}

/**
 * Resolves once the page's graphql-ws socket has been accepted (its connection_ack), or after 10 s.
 * The first answer of a freshly started api can be written before a first socket is through (a cold
 * server's first WebSocket takes a while), and would then arrive whole: a journey that watches an
 * answer stream waits for the socket first.
 */
function liveSocketReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 10_000);
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"connection_ack"')) {
          clearTimeout(timer);
          resolve();
        }
      }),
    );
  });
}

const answers = (page: Page) => page.locator('[role="log"] article[data-status]');
const yourMessages = (page: Page) => page.getByRole('article', { name: 'Your message' });
const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });

/** Types a message and sends it with Enter, as a person does. */
async function sendMessage(page: Page, text: string) {
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
}

/** Waits until the newest answer is finished and returns it. */
async function lastAnswerDone(page: Page, count: number): Promise<Locator> {
  await expect.poll(() => answers(page).count(), { timeout: 10_000 }).toBe(count);
  const answer = answers(page).nth(count - 1);
  await expect.poll(() => answer.getAttribute('data-status'), { timeout: 10_000 }).not.toBe('streaming');
  return answer;
}

/** Records, on every DOM change, how much text the newest answer shows and whether anyone is typing. */
async function recordAnswer(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __samples: Sample[]; __observer?: MutationObserver };
    w.__samples = [];
    w.__observer?.disconnect();
    w.__observer = new MutationObserver(() => {
      const all = document.querySelectorAll<HTMLElement>('[role="log"] article[data-status]');
      const last = all[all.length - 1];
      w.__samples.push({
        len: last?.querySelector('.answer')?.textContent?.length ?? -1,
        status: last?.dataset.status ?? 'none',
        typing: !!document.querySelector('[role="status"][aria-label$=" is typing"]'),
      });
    });
    w.__observer.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
}

async function recordedSamples(page: Page): Promise<Sample[]> {
  return page.evaluate(() => {
    const w = window as unknown as { __samples: Sample[]; __observer?: MutationObserver };
    w.__observer?.disconnect();
    return w.__samples;
  });
}

describe('chat', () => {
  it('streams answers, switches assistants with @commands, titles chats and survives a reload (1280px)', async (test) => {
    const { context, page, live } = await signedInPage(test, viewports.desktop);

    // A new chat: nothing yet, the default assistant, nothing to send.
    await page.getByText('No chats yet').waitFor();
    await page.getByText('Start a new conversation!').waitFor();
    await page.getByText('Default: GPT', { exact: true }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('New Chat');
    const send = page.getByRole('button', { name: 'Send message' });
    expect(await send.isDisabled()).toBe(true);
    expect(await messageBox(page).getAttribute('placeholder')).toBe('Message Chorus...');

    // The model selector lists the nine assistants: Default badge for GPT, the command for the others.
    await page.getByRole('combobox', { name: 'Model' }).click();
    const options = page.getByRole('option');
    await expect.poll(() => options.count()).toBe(9);
    const gptOption = (await options.nth(0).textContent()) ?? '';
    expect(gptOption).toContain('GPT');
    expect(gptOption).toContain('Default');
    expect(gptOption).toContain('Offline');
    expect(await options.filter({ hasText: 'Claude' }).textContent()).toContain('@claude');
    await page.keyboard.press('Escape');

    // Whitespace is not a message: the button stays disabled and Enter sends nothing.
    await messageBox(page).fill('   \n  ');
    expect(await send.isDisabled()).toBe(true);
    await messageBox(page).press('Enter');
    await page.waitForTimeout(300);
    expect(await yourMessages(page).count()).toBe(0);

    // Shift+Enter adds a line instead of sending.
    await messageBox(page).fill('Plan a weekend trip to Lisbon');
    await messageBox(page).press('Shift+Enter');
    expect(await messageBox(page).inputValue()).toBe('Plan a weekend trip to Lisbon\n');
    expect(await yourMessages(page).count()).toBe(0);

    // Send with Enter: the prompt shows at once, the answer streams in token by token.
    await live;
    await recordAnswer(page);
    await messageBox(page).press('Enter');
    await yourMessages(page).first().waitFor();
    expect(await messageBox(page).inputValue()).toBe('');
    const first = await lastAnswerDone(page, 1);
    await page.waitForURL(CHAT_URL);
    const chatId = CHAT_URL.exec(page.url())![1]!;

    const samples = await recordedSamples(page);
    const finalText = (await first.locator('.answer').textContent()) ?? '';
    const streamed = samples.filter((s) => s.status === 'streaming' && s.len > 0).map((s) => s.len);
    expect(
      samples.some((s) => s.typing),
      'typing indicator while waiting',
    ).toBe(true);
    // Token by token is checked on the long answer below: this short one streams for about a second,
    // which a busy machine can spend before the browser hears of it. Nothing is shown twice: no
    // partial is longer than the saved answer (its Markdown source: until the renderer's code has
    // arrived, a partial shows as that plain text, "**" and all; AnswerText.tsx).
    const saved = (await (await context.request.get(`/api/chats/${chatId}/messages`)).json()) as {
      content: string;
    }[];
    const source = saved.at(-1)!.content;
    expect(source).toContain(finalText.slice(-40));
    expect(
      streamed.filter((len) => len > source.length),
      `partials longer than ${source.length}`,
    ).toEqual([]);
    expect(await first.getAttribute('data-status')).toBe('complete');
    expect(finalText).toContain('You asked about: "Plan a weekend trip to Lisbon"');
    expect(await first.getByText('GPT', { exact: true }).count()).toBe(1);
    expect(await yourMessages(page).first().textContent()).toContain('Plan a weekend trip to Lisbon');

    // The chat got its title from the first message, in My Chats (active) and as the heading.
    const chatLink = page.getByRole('link', { name: /Plan a weekend trip to Lisbon/ });
    await chatLink.waitFor();
    expect(await chatLink.getAttribute('aria-current')).toBe('page');
    const today = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }).format(new Date());
    expect(await chatLink.textContent()).toBe(`Plan a weekend trip to Lisbon${today}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Plan a weekend trip to Lisbon');

    // Typing a command switches the assistant before sending; the answer comes from Claude.
    await messageBox(page).fill('@claude ');
    await page.getByText('Using: Claude', { exact: true }).waitFor();
    await sendMessage(page, '@claude What should I pack?');
    const second = await lastAnswerDone(page, 2);
    expect(await second.getAttribute('data-status')).toBe('complete');
    expect(await second.getByText('Claude', { exact: true }).count()).toBe(1);
    expect(await second.locator('.answer').textContent()).toContain('With a key, Claude would');
    await page.getByText('Using: Claude', { exact: true }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Model' }).textContent()).toContain('Claude');
    // Answers are Markdown: the offline answer's **Offline:** is bold.
    expect(await second.locator('.answer strong').first().textContent()).toBe('Offline:');

    // Answers are sanitised: HTML in the text (echoed back by the offline provider) never runs.
    await sendMessage(page, 'Is <img src=x onerror="window.__pwned=1"> **safe**?');
    const third = await lastAnswerDone(page, 3);
    expect(await third.locator('.answer strong').filter({ hasText: 'safe' }).count()).toBe(1);
    expect(await third.locator('.answer img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    // Stop keeps what was written; Retry writes the answer again. A long question, so its (offline)
    // answer is long enough to stop mid-way.
    await messageBox(page).fill(LONG_QUESTION);
    await messageBox(page).press('Enter');
    const stop = page.getByRole('button', { name: 'Stop generating' });
    await stop.click({ timeout: 5_000 });
    const fourth = await lastAnswerDone(page, 4);
    expect(await fourth.getAttribute('data-status')).toBe('stopped');
    await page.getByRole('button', { name: 'Send message' }).waitFor();
    await recordAnswer(page);
    await fourth.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => fourth.getAttribute('data-status'), { timeout: 10_000 }).toBe('complete');
    const longText = (await fourth.locator('.answer').textContent()) ?? '';
    expect(longText).toContain('every neighbourhood of Lisbon');
    // The answer streamed in token by token: growing partial texts, the first well short of the end.
    const partials = (await recordedSamples(page))
      .filter((s) => s.status === 'streaming' && s.len > 0)
      .map((s) => s.len);
    expect(new Set(partials).size, `partial lengths ${partials.join(',')}`).toBeGreaterThanOrEqual(3);
    expect(partials.at(-1)!).toBeGreaterThan(partials[0]!);
    expect(partials[0]!).toBeLessThan(longText.length * 0.8);

    // Five prompts of the free plan's ten are used: a retry after a stop writes a new answer, so it
    // is a prompt like any other (only a retry after an error is free).
    await page.getByText('5 of 10 free prompts left this month').waitFor();

    // Screen readers hear each answer as it arrives...
    const heard = page.locator('[aria-live="polite"]').filter({ hasText: 'You asked about' });
    expect(await heard.count()).toBe(1);

    // A reload reopens the chat with its messages and its assistant.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Plan a weekend trip to Lisbon' }).waitFor();
    await expect.poll(() => answers(page).count()).toBe(4);
    // ...but not the last one of a chat they open.
    expect(await heard.count()).toBe(0);
    expect(await yourMessages(page).count()).toBe(4);
    expect(await answers(page).nth(0).getAttribute('data-status')).toBe('complete');
    expect(await answers(page).nth(1).getByText('Claude', { exact: true }).count()).toBe(1);
    await page.getByText('Using: Claude', { exact: true }).waitFor();
    expect(
      await page.getByRole('link', { name: /Plan a weekend trip to Lisbon/ }).getAttribute('aria-current'),
    ).toBe('page');

    // /chat?c=<id> opens the same chat.
    await page.goto(`/chat?c=${chatId}`);
    await page.getByRole('heading', { level: 1, name: 'Plan a weekend trip to Lisbon' }).waitFor();
    await expect.poll(() => answers(page).count()).toBe(4);

    // New Chat: empty, back to GPT, at /chat.
    await page.getByRole('button', { name: 'New Chat' }).click();
    await page.waitForURL(/\/chat$/);
    await page.getByRole('heading', { level: 1, name: 'New Chat' }).waitFor();
    await page.getByText('Default: GPT', { exact: true }).waitFor();
    expect(await answers(page).count()).toBe(0);

    // The command chips mark the assistants without a key, as the model selector does.
    const chips = page.getByRole('group', { name: 'Assistant commands' });
    expect(await chips.getByRole('button', { name: '@claude' }).textContent()).toBe('@claudeOffline');
    expect(await chips.getByRole('button', { name: '@video' }).textContent()).toBe('@video');

    // The video assistant opens the video dialog and sends nothing; with nothing to draw it starts
    // nothing and keeps the text for the user to finish.
    await page.getByRole('button', { name: '@video' }).click();
    await page.getByText('Using: Video Generator', { exact: true }).waitFor();
    expect(await messageBox(page).inputValue()).toBe('@video ');
    await messageBox(page).press('Enter');
    await page.getByText('Describe the video after @video', { exact: true }).waitFor();
    expect(await messageBox(page).inputValue()).toBe('@video ');
    expect(await page.getByRole('dialog', { name: 'Create a video' }).count()).toBe(0);
    await messageBox(page).pressSequentially('a cat surfing at sunset');
    await messageBox(page).press('Enter');
    // Nothing is made before Generate: the dialog asks first.
    const dialog = page.getByRole('dialog', { name: 'Create a video' });
    await dialog.waitFor();
    const shareSwitch = dialog.getByRole('switch', { name: 'Share to the community gallery' });
    await expect.poll(() => shareSwitch.count()).toBe(1);
    // Off for a new user: a first video is not published unless they say so.
    expect(await shareSwitch.isChecked()).toBe(false);
    expect(await dialog.getByRole('progressbar').count()).toBe(0);
    expect(await dialog.getByTestId('video-prompt').textContent()).toBe('a cat surfing at sunset');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await yourMessages(page).count()).toBe(0);
    // Closed, the composer is empty and back on the assistant before @video.
    expect(await messageBox(page).inputValue()).toBe('');
    await page.getByText('Default: GPT', { exact: true }).waitFor();
    expect(page.url()).toMatch(/\/chat$/);
    await page.getByText('5 of 10 free prompts left this month').waitFor();

    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it('a message sent before the assistants have arrived waits for them (an @video one opens its dialog)', async (test) => {
    const { context, page } = await signedInPage(test, viewports.desktop);
    // The catalogue takes a while (a slow network): whether a message is a video or a chat message
    // depends on its @command, which the catalogue defines.
    await page.route('**/graphql', async (route) => {
      if (route.request().postDataJSON()?.operationName === 'Catalogue') {
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }
      await route.continue();
    });
    await page.reload();
    await sendMessage(page, '@video a lighthouse at dusk');
    const dialog = page.getByRole('dialog', { name: 'Create a video' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('video-prompt').textContent()).toBe('a lighthouse at dusk');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await yourMessages(page).count()).toBe(0);
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it("the server-drawn message box works before the app's code has arrived: the text is kept, Enter sends it", async (test) => {
    const { context, page } = await signedInPage(test, viewports.desktop);
    // The chat page's code is held back, as a slow network does, until the journey lets it through.
    const chatCode = /\/assets\/ChatPage-[^/]+\.js$/;
    const holdChatCode = async () => {
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(chatCode, async (route) => {
        await held;
        await route.continue();
      });
      return release;
    };
    /** Lets the code through and, once the app has drawn the chat, stops holding. */
    const appArrives = async (release: () => void) => {
      release();
      await page.getByRole('button', { name: 'Send message' }).waitFor();
      await page.unrouteAll({ behavior: 'wait' });
    };

    let release = await holdChatCode();
    await page.goto('/chat');
    await messageBox(page).click();
    await page.keyboard.type('Hello before the app');
    await page.keyboard.press('Enter');
    // Only the outline is there: its note says what Enter did.
    expect(await page.getByRole('button', { name: 'Send message' }).count()).toBe(0);
    expect(
      await page.getByRole('status').filter({ hasText: 'Sends as soon as Chorus has loaded' }).count(),
    ).toBe(1);
    await appArrives(release);
    await expect
      .poll(() => yourMessages(page).allTextContents(), { timeout: 15_000 })
      .toEqual([expect.stringContaining('Hello before the app')]);
    await lastAnswerDone(page, 1);
    await page.waitForURL(CHAT_URL);
    expect(await messageBox(page).inputValue()).toBe('');

    // Typed without Enter: the app's box takes the text and the focus, and nothing is sent.
    release = await holdChatCode();
    await page.reload();
    await messageBox(page).click();
    await page.keyboard.type('A draft in the making');
    await appArrives(release);
    expect(await messageBox(page).inputValue()).toBe('A draft in the making');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Message');
    await page.keyboard.type('!');
    expect(await messageBox(page).inputValue()).toBe('A draft in the making!');
    // The chat's messages may still be on their way when the box is drawn: once they are in, the
    // earlier message is the only one (the draft was not sent), and stays so.
    await expect.poll(() => yourMessages(page).count()).toBe(1);
    await page.waitForTimeout(500);
    expect(await yourMessages(page).count()).toBe(1);
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it('at 375px the sidebar is an overlay that closes when a chat is picked, with no side scroll', async (test) => {
    const { context, page } = await signedInPage(test, viewports.mobile);
    await expectNoSideScroll(page);

    // Phones get an assistant dropdown instead of the chips, and no open sidebar.
    await page.getByRole('combobox', { name: 'Assistant' }).waitFor();
    expect(await page.getByRole('group', { name: 'Assistant commands' }).count()).toBe(0);
    expect(await page.getByRole('dialog', { name: 'Chats and account' }).count()).toBe(0);

    await page.getByRole('combobox', { name: 'Assistant' }).selectOption('grok');
    await page.getByText('Using: Grok', { exact: true }).waitFor();
    expect(await messageBox(page).inputValue()).toBe('@grok ');
    await messageBox(page).pressSequentially('Tell me a joke about penguins');
    await page.getByRole('button', { name: 'Send message' }).click();
    const answer = await lastAnswerDone(page, 1);
    expect(await answer.getByText('Grok', { exact: true }).count()).toBe(1);
    await page.waitForURL(CHAT_URL);
    const firstChat = page.url();
    await expectNoSideScroll(page);

    // A second chat, started from the sidebar's New Chat (which closes the overlay).
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    const sidebar = page.getByRole('dialog', { name: 'Chats and account' });
    await sidebar.waitFor();
    await sidebar.getByRole('button', { name: 'New Chat' }).click();
    await sidebar.waitFor({ state: 'hidden' });
    await page.waitForURL(/\/chat$/);
    await page.getByText('Default: GPT', { exact: true }).waitFor();
    await sendMessage(page, 'Suggest a name for a bakery');
    await lastAnswerDone(page, 1);
    await page.waitForURL(CHAT_URL);
    expect(page.url()).not.toBe(firstChat);
    await expectNoSideScroll(page);

    // The overlay floats above the chat (the chat keeps its full width) and lists both chats, newest first.
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await sidebar.waitFor();
    // (once its slide-in animation is over)
    await expect.poll(async () => (await sidebar.boundingBox())?.x).toBe(0);
    const main = await page.locator('main').boundingBox();
    const panel = await sidebar.boundingBox();
    expect(main?.x).toBe(0);
    expect(main?.width).toBe(viewports.mobile.width);
    expect(panel!.width).toBeLessThan(viewports.mobile.width);
    const links = sidebar.getByRole('listitem').getByRole('link');
    await expect.poll(() => links.count()).toBe(2);
    expect(await links.nth(0).textContent()).toContain('Suggest a name for a bakery');
    expect(await links.nth(1).textContent()).toContain('Tell me a joke about penguins');
    await expectNoSideScroll(page);

    // Picking a chat opens it and closes the overlay.
    await links.nth(1).click();
    await sidebar.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(firstChat);
    await page.getByRole('heading', { level: 1, name: 'Tell me a joke about penguins' }).waitFor();
    await expect.poll(() => answers(page).count()).toBe(1);
    await page.getByText('Using: Grok', { exact: true }).waitFor();
    await expectNoSideScroll(page);

    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it('shows answers whole when streaming is off, renames and deletes chats, and explains the plan limit', async (test) => {
    const { context, page, username } = await signedInPage(test, viewports.desktop);

    // Settings > Privacy > Enable Response Streaming, off: the typing indicator until the answer is done.
    const saved = await page.evaluate(async () => {
      const res = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: 'mutation { updateSettings(input: { enableStreaming: false }) { enableStreaming } }',
        }),
      });
      return (await res.json()).data.updateSettings.enableStreaming;
    });
    expect(saved).toBe(false);
    await page.reload();
    await page.getByText('Default: GPT', { exact: true }).waitFor();
    await recordAnswer(page);
    await sendMessage(page, 'Hello there');
    const answer = await lastAnswerDone(page, 1);
    const samples = await recordedSamples(page);
    expect(samples.some((s) => s.status === 'streaming' && s.typing)).toBe(true);
    expect(samples.filter((s) => s.status === 'streaming' && s.len > 0)).toEqual([]);
    expect(await answer.locator('.answer').textContent()).toContain('You asked about: "Hello there"');
    await page.getByText('9 of 10 free prompts left this month').waitFor();

    // Rename from the chat's menu: the list and the heading follow.
    await renameChat(page, 'Hello there', 'Greetings');
    await page.getByRole('heading', { level: 1, name: 'Greetings' }).waitFor();
    await page.getByRole('link', { name: /^Greetings/ }).waitFor();
    expect(await page.getByRole('link', { name: /Hello there/ }).count()).toBe(0);

    // The free allowance used up (as after ten prompts): the server's reason, an Upgrade link, the
    // prompt kept on screen as not sent.
    await spendFreePrompts(username);
    await sendMessage(page, 'One more question');
    const limit = page
      .getByRole('alert')
      .filter({ hasText: "You've used all 10 prompts of your plan this month" });
    await limit.waitFor();
    expect(await limit.textContent()).toContain('Upgrade to Premium for unlimited prompts.');
    expect(await limit.textContent()).toContain('Prompt limit reached');
    expect(await limit.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/plans');
    const failed = yourMessages(page).last();
    expect(await failed.textContent()).toContain('One more question');
    expect(await failed.textContent()).toContain('Not sent');
    // Sending it again could only be refused again: the way on is the upgrade, not a Retry.
    expect(await failed.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(await failed.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/plans');
    expect(await answers(page).count()).toBe(1);
    await page.getByText('0 of 10 free prompts left this month').waitFor();

    // Delete from the menu, after confirming: the chat is gone and a new one starts.
    await page.getByRole('button', { name: 'Options for Greetings' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this chat?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.waitForURL(/\/chat$/);
    await page.getByText('No chats yet').waitFor();
    await page.getByRole('heading', { level: 1, name: 'New Chat' }).waitFor();
    expect(await yourMessages(page).count()).toBe(0);

    // The Upgrade link leads to the plans.
    await page.getByRole('link', { name: 'Upgrade' }).first().click();
    await page.waitForURL(/\/plans$/);

    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it('attaches images by file picker, shows their thumbnails, and explains that image analysis is Premium', async (test) => {
    const { context, page } = await signedInPage(test, viewports.desktop);
    await page.getByText('Default: GPT', { exact: true }).waitFor();

    const send = page.getByRole('button', { name: 'Send message' });
    const fileInput = page.locator('input[type="file"]');
    expect(await fileInput.getAttribute('accept')).toBe('image/png,image/jpeg,image/gif,image/webp');
    expect(await fileInput.getAttribute('multiple')).not.toBeNull();
    expect(await page.getByRole('button', { name: 'Attach image' }).isEnabled()).toBe(true);

    // A real 1x1 PNG uploads at once and shows as a thumbnail with a remove button.
    await fileInput.setInputFiles({
      name: 'pixel.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PIXEL_PNG, 'base64'),
    });
    const attached = page.getByRole('list', { name: 'Attached images' });
    const thumbnail = attached.getByRole('listitem');
    await expect.poll(() => thumbnail.count()).toBe(1);
    await expect.poll(() => thumbnail.getAttribute('data-status'), { timeout: 10_000 }).toBe('ready');
    const preview = thumbnail.getByRole('img', { name: 'pixel.png' });
    expect(await preview.getAttribute('src')).toMatch(/^blob:/);
    expect(await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    expect(await thumbnail.getByRole('button', { name: 'Remove image pixel.png' }).isVisible()).toBe(true);

    // Images alone are not a message: Send waits for text.
    expect(await send.isDisabled()).toBe(true);
    await messageBox(page).fill('What is in this picture?');
    expect(await send.isEnabled()).toBe(true);
    await send.click();

    // Free plan: the server's Premium notice with an Upgrade link; the prompt stays, not sent, with its image.
    const notice = page.getByRole('alert').filter({ hasText: 'Image analysis is part of Premium' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Upgrade to attach images to your messages.');
    expect(await notice.textContent()).toContain('Image analysis is a Premium feature');
    expect(await notice.textContent()).not.toContain('Prompt limit reached');
    expect(await notice.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/plans');
    const failed = yourMessages(page).last();
    expect(await failed.textContent()).toContain('What is in this picture?');
    expect(await failed.textContent()).toContain('Not sent');
    expect(await failed.getByRole('img', { name: 'Attached image 1' }).count()).toBe(1);
    expect(await failed.getByRole('link').first().getAttribute('target')).toBe('_blank');
    expect(await answers(page).count()).toBe(0);
    // The composer let go of the attachment with the text.
    expect(await attached.count()).toBe(0);
    expect(await messageBox(page).inputValue()).toBe('');

    // A text file named .png is refused by the server, which looks at the content.
    await fileInput.setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('just some text, not an image\n'),
    });
    await page.getByText('Could not attach image', { exact: true }).waitFor({ timeout: 10_000 });
    await page.getByText('Only PNG, JPEG, GIF and WebP images can be attached', { exact: true }).waitFor();
    await expect.poll(() => attached.count()).toBe(0);

    // A message over the length limit is refused in the composer before it leaves, and the text stays
    // (the server refuses one too: api/test/branches.test.ts; e2e/composerLimits covers the counter).
    await sendMessage(page, 'x'.repeat(20_001));
    await page.getByText('Too long to send', { exact: true }).waitFor({ timeout: 10_000 });
    expect((await messageBox(page).inputValue()).length).toBe(20_001);
    expect(await page.getByText('Error sending message', { exact: true }).count()).toBe(0);

    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it('a refused @image leaves the chat on its assistant, says to upgrade, and the next message goes through', async (test) => {
    const { context, page } = await signedInPage(test, viewports.desktop);
    await page.getByText('Default: GPT', { exact: true }).waitFor();
    // The assistants have arrived (typing a command switches only once they are known).
    await page
      .getByRole('group', { name: 'Assistant commands' })
      .getByRole('button', { name: /@image/ })
      .waitFor();

    await messageBox(page).fill('@image a blue bird');
    await page.getByText('Using: Image Generator', { exact: true }).waitFor();
    await messageBox(page).press('Enter');
    const notice = page.getByRole('alert').filter({ hasText: 'Image generation is a Premium feature' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Upgrade to create images with @image.');
    expect(await notice.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/plans');
    // Back on GPT, not stuck on the assistant that refused.
    await page.getByText('Default: GPT', { exact: true }).waitFor();

    await sendMessage(page, 'thanks, what can you do instead?');
    const answer = await lastAnswerDone(page, 1);
    expect(await answer.getAttribute('data-status')).toBe('complete');
    expect(await answer.getByText('GPT', { exact: true }).count()).toBe(1);
    expect(await yourMessages(page).last().textContent()).not.toContain('Not sent');
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it('the dialog reads the length from the prompt and says when the asked length is not available', async (test) => {
    const { context, page } = await signedInPage(test, viewports.desktop);
    await page.getByText('Default: GPT', { exact: true }).waitFor();

    await sendMessage(page, '@video a short clip of a cat 4 seconds');
    const dialog = page.getByRole('dialog', { name: 'Create a video' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('video-prompt').textContent()).toBe('a cat');
    await dialog.getByText('4 seconds', { exact: true }).waitFor();
    expect(await dialog.getByTestId('video-duration-note').textContent()).toMatch(
      /^4 seconds, read from “4 seconds” in your prompt\./,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await sendMessage(page, '@video waves crashing on rocks, 20 seconds');
    await dialog.waitFor();
    expect(await dialog.getByTestId('video-prompt').textContent()).toBe('waves crashing on rocks');
    const note = dialog.getByTestId('video-duration-note');
    expect(await note.textContent()).toContain("20 seconds isn't available");
    expect(await note.textContent()).toContain(
      'Videos are 4, 8 or 12 seconds long, so this one will be 12 seconds.',
    );
    await dialog.getByText('12 seconds', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Nothing was made or counted.
    const used = await page.evaluate(async () => (await (await fetch('/api/videos/allowance')).json()).used);
    expect(used).toBe(0);
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it('after an answer the list shows the very end of it, Copy and Regenerate included', async (test) => {
    for (const viewport of [
      { width: 1280, height: 640 },
      { width: 375, height: 640 },
    ]) {
      const { context, page } = await signedInPage(test, viewport);
      for (let n = 1; n <= 3; n += 1) {
        await sendMessage(page, `Tell me something interesting about the number ${n}`);
        await lastAnswerDone(page, n);
      }
      const regenerate = page.getByRole('button', { name: 'Regenerate' });
      await regenerate.waitFor();
      // Give layout a moment to settle after the answer's last change.
      await page.waitForTimeout(300);
      const gap = await page.evaluate(() => {
        const log = document.querySelector('[role="log"]');
        let scroller = log?.parentElement ?? null;
        while (scroller && getComputedStyle(scroller).overflowY !== 'auto') scroller = scroller.parentElement;
        if (!scroller) return null;
        return {
          overflow: scroller.scrollHeight > scroller.clientHeight,
          fromEnd: scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight,
          bottom: scroller.getBoundingClientRect().bottom,
        };
      });
      expect(gap?.overflow, `the conversation overflows at ${viewport.width}px`).toBe(true);
      expect(gap!.fromEnd, `px short of the end at ${viewport.width}px`).toBeLessThanOrEqual(1);
      const box = await regenerate.boundingBox();
      expect(box!.y + box!.height).toBeLessThanOrEqual(gap!.bottom);
      expect((page as Page & { errors: string[] }).errors).toEqual([]);
      await context.close();
    }
  });

  it('signing in by keyboard puts the focus in the message box', async (test) => {
    const first = await newPage(journey.browser(), viewports.desktop);
    const username = await signUp(first.page);
    await first.context.close();

    const { context, page } = await journey.newPage(test, viewports.desktop);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log In' }).waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Username').focus();
    await page.keyboard.type(username);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('password');
    await page.keyboard.type('chat-pass-123');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/chat$/, { timeout: 10_000 });
    await messageBox(page).waitFor();
    await expect
      .poll(() =>
        page.evaluate(
          () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName,
        ),
      )
      .toBe('Message');
    await page.keyboard.type('typed straight away');
    expect(await messageBox(page).inputValue()).toBe('typed straight away');
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await context.close();
  });
});
