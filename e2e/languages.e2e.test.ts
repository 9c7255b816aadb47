import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useSignedInContexts } from './support/accounts.ts';
import { settleAnimations } from './support/axe.ts';
import {
  expectNoSideScroll,
  looks,
  modeContext,
  screenshot,
  screenshotOnFailure,
  shotsFolder,
  useBrowser,
  viewports,
} from './support/browser.ts';

/**
 * Settings' Language: a signed-in person on a phone picks 日本語, and Settings, the side menu and the
 * chat's composer switch at once; the choice is saved on the account (it comes back after a reload
 * with this browser's own memory of it cleared: SavedColorModeSync.tsx). Then Deutsch, walking the
 * signed-in pages at 375 px without sideways scrolling (German's long words). Screenshots go to SHOTS.
 */
const SHOTS = shotsFolder('languages');
const phone = { colorScheme: 'light', viewport: viewports.mobile } as const;

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

async function pickLanguage(page: Page, name: string) {
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('UpdateSettings'),
  );
  await page
    .getByRole('combobox', { name: /^(Language|言語|Sprache|Idioma|Langue)$/ })
    .selectOption({ label: name });
  expect((await saved).status()).toBe(200);
}

describe('languages', () => {
  const signedIn = useSignedInContexts('lang');
  let chromium: Browser | undefined;
  useBrowser((b) => {
    chromium = b;
  });
  const browser = () => chromium!;

  it('switches Settings, the side menu and the chat to the language picked, and keeps it on the account', async (test) => {
    const ctx = await signedIn(phone);
    const page = await ctx.newPage();
    screenshotOnFailure(test, page, 'languages', { fullPage: true });

    await page.goto('/settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await pickLanguage(page, '日本語');

    // At once, without a reload: the page, its tabs, the Language card and the side menu.
    await page.getByRole('heading', { level: 1, name: '設定' }).waitFor();
    expect(await htmlLang(page)).toBe('ja');
    await page.getByRole('tab', { name: '外観' }).waitFor();
    await page.getByRole('heading', { name: '言語' }).waitFor();
    const menu = page.getByRole('navigation', { name: 'アカウント' });
    await menu.getByRole('link', { name: 'マイプロフィール' }).waitFor();
    await menu.getByRole('link', { name: '設定' }).waitFor();
    await expectNoSideScroll(page);
    await screenshot(page, { path: path.join(SHOTS, 'settings-ja-375.png'), fullPage: true });

    // Saved on the account: with this browser's memory of the choice gone, the reload comes back in it.
    await page.evaluate(() => localStorage.removeItem('chorus.language'));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: '設定' }).waitFor();
    expect(await htmlLang(page)).toBe('ja');
    expect(
      await page
        .getByRole('combobox', { name: '言語' })
        .evaluate((select: HTMLSelectElement) => select.value),
    ).toBe('ja');

    // The chat's composer.
    await page.goto('/chat');
    const box = page.getByRole('textbox', { name: 'メッセージ' });
    await box.waitFor();
    expect(await box.getAttribute('placeholder')).toBe('Chorus にメッセージ...');
    await page.getByRole('button', { name: 'メッセージを送信' }).waitFor();
    const greeting = page.getByRole('heading', { level: 2, name: '今日はどんなお手伝いをしましょうか？' });
    await greeting.waitFor();
    // Japanese lines break between phrases, not inside a word (web/src/theme/system.ts).
    expect(await greeting.evaluate((el) => getComputedStyle(el).wordBreak)).toBe('auto-phrase');
    await expectNoSideScroll(page);
    await screenshot(page, { path: path.join(SHOTS, 'chat-ja-375.png') });

    // Deutsch, then the signed-in pages at 375 px: German on each, and nothing wider than the phone.
    await page.goto('/settings');
    await page.getByRole('heading', { level: 1, name: '設定' }).waitFor();
    await pickLanguage(page, 'Deutsch');
    await page.getByRole('heading', { level: 1, name: 'Einstellungen' }).waitFor();
    expect(await htmlLang(page)).toBe('de');

    await page.goto('/chat');
    const deBox = page.getByRole('textbox', { name: 'Nachricht' });
    await deBox.waitFor();
    expect(await deBox.getAttribute('placeholder')).toBe('Nachricht an Chorus...');
    await page.getByRole('heading', { level: 2, name: 'Wie kann ich dir heute helfen?' }).waitFor();
    expect(await htmlLang(page)).toBe('de');
    await expectNoSideScroll(page);
    await screenshot(page, { path: path.join(SHOTS, 'chat-de-375.png') });
    // The sidebar (a drawer on a phone): My Chats and New Chat.
    await page.getByRole('button', { name: 'Seitenleiste ein-/ausblenden' }).click();
    await page.getByRole('heading', { name: 'Meine Chats' }).waitFor();
    await page.getByRole('button', { name: 'Neuer Chat' }).waitFor();
    await settleAnimations(page);
    await screenshot(page, { path: path.join(SHOTS, 'chat-sidebar-de-375.png') });
    await page.keyboard.press('Escape');

    // /plans and /gallery: their own texts belong to other areas; the side menu around them is German.
    for (const [route, shot] of [
      ['/plans', 'plans-de-375.png'],
      ['/gallery', 'gallery-de-375.png'],
    ] as const) {
      await page.goto(route);
      await page
        .getByRole('navigation', { name: 'Konto' })
        .getByRole('link', { name: 'Mein Profil' })
        .waitFor();
      expect(await htmlLang(page)).toBe('de');
      await expectNoSideScroll(page);
      await screenshot(page, { path: path.join(SHOTS, shot), fullPage: true });
    }

    await page.goto('/settings');
    await page.getByRole('heading', { level: 1, name: 'Einstellungen' }).waitFor();
    await page.getByRole('tab', { name: 'Darstellung' }).waitFor();
    await page.getByText('Wie mein Gerät', { exact: true }).waitFor();
    expect(await htmlLang(page)).toBe('de');
    await expectNoSideScroll(page);
    await screenshot(page, { path: path.join(SHOTS, 'settings-de-375.png'), fullPage: true });
    await page.getByRole('tab', { name: 'Datenschutz' }).click();
    await page.getByText('Langzeitgedächtnis', { exact: true }).waitFor();
    await expectNoSideScroll(page);
    await screenshot(page, { path: path.join(SHOTS, 'settings-privacy-de-375.png'), fullPage: true });

    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: 'Mein Profil' }).waitFor();
    await page.getByRole('heading', { name: 'Kontosicherheit' }).waitFor();
    await expectNoSideScroll(page);
    await screenshot(page, { path: path.join(SHOTS, 'profile-de-375.png'), fullPage: true });

    // Back to the browser's own (English here): the account forgets its choice too.
    await page.goto('/settings');
    await page.getByRole('heading', { level: 1, name: 'Einstellungen' }).waitFor();
    await pickLanguage(page, 'Browser-Standard');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    await ctx.close();
  });

  // The pages of this area in German and Japanese in the four looks, for a person to look at, each
  // checked for sideways scrolling (the language as this browser remembers it: languageChoice.ts).
  for (const look of looks) {
    it(`draws Settings, Profile and the chat in German and Japanese at ${look.name}`, async (test) => {
      const ctx = await signedIn(look);
      for (const language of ['de', 'ja'] as const) {
        const page = await ctx.newPage();
        screenshotOnFailure(test, page, 'languages', { fullPage: true });
        await page.addInitScript((code) => localStorage.setItem('chorus.language', code), language);
        for (const [route, ready] of [
          ['/settings', language === 'de' ? 'Einstellungen' : '設定'],
          ['/profile', language === 'de' ? 'Mein Profil' : 'マイプロフィール'],
        ] as const) {
          await page.goto(route);
          await page.getByRole('heading', { level: 1, name: ready }).waitFor();
          expect(await htmlLang(page)).toBe(language);
          await expectNoSideScroll(page);
          await screenshot(page, {
            path: path.join(SHOTS, `${route.slice(1)}-${language}-${look.name}.png`),
            fullPage: true,
          });
        }
        await page.goto('/chat');
        await page.getByRole('textbox', { name: language === 'de' ? 'Nachricht' : 'メッセージ' }).waitFor();
        expect(await htmlLang(page)).toBe(language);
        await expectNoSideScroll(page);
        await screenshot(page, { path: path.join(SHOTS, `chat-${language}-${look.name}.png`) });
        await page.close();
      }
      await ctx.close();
    });
  }

  it('draws log in and sign-up in German and Japanese for someone who chose the language', async (test) => {
    for (const look of [looks[0], looks[3]]) {
      for (const language of ['de', 'ja'] as const) {
        const ctx = await modeContext(browser(), look);
        const page = await ctx.newPage();
        screenshotOnFailure(test, page, 'languages', { fullPage: true });
        await page.addInitScript((code) => localStorage.setItem('chorus.language', code), language);
        await page.goto('/login');
        await page
          .getByRole('heading', {
            level: 1,
            name: language === 'de' ? 'Willkommen zurück' : 'おかえりなさい',
          })
          .waitFor();
        expect(await htmlLang(page)).toBe(language);
        await expectNoSideScroll(page);
        await screenshot(page, {
          path: path.join(SHOTS, `login-${language}-${look.name}.png`),
          fullPage: true,
        });
        await page.goto('/register');
        await page
          .getByRole('heading', {
            level: 1,
            name: language === 'de' ? 'Erstelle dein Konto' : 'アカウントを作成',
          })
          .waitFor();
        await expectNoSideScroll(page);
        await screenshot(page, {
          path: path.join(SHOTS, `register-${language}-${look.name}.png`),
          fullPage: true,
        });
        await ctx.close();
      }
    }
  });
});
