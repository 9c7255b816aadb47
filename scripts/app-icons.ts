/**
 * Draws the installable app's PNG icons (web/public/icons/) from the logo, web/public/favicon.svg, in
 * Chromium: no image library to install, and the PNGs are committed, so this runs only when the logo
 * changes (`npx tsx scripts/app-icons.ts`). The manifest (web/public/manifest.webmanifest) lists them.
 * - icon-192/512: the logo as it is (rounded corners, transparent outside them), for "any" purpose.
 * - icon-maskable-512: the purple fills the square and the bubble shrinks into the safe zone (the
 *   middle 80% circle), since Android cuts the icon to its own shape.
 * - apple-touch-icon (180): full-bleed too: iOS rounds the corners itself and paints transparency black.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { findChromium } from './lib/chromium.ts';

const publicDir = path.join(import.meta.dirname, '..', 'web', 'public');
const logo = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const PURPLE = /fill="(#[0-9a-f]{6})"/i.exec(logo)?.[1] ?? '#6b46c1';
// The logo's drawing without its rounded background, to place on a full square.
const glyph = logo
  .replace(/<title[^>]*>.*?<\/title>/s, '')
  .replace(/<rect width="64" height="64"[^>]*\/>/, '')
  .replace(/^[\s\S]*?<svg[^>]*>|<\/svg>\s*$/g, '');
const fullBleed = (scale: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${PURPLE}"/>` +
  `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${glyph}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed(0.8) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(1) },
];

const outDir = path.join(publicDir, 'icons');
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox'] });
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`,
    );
    await page.screenshot({ path: path.join(outDir, file), omitBackground: true });
    await page.close();
    console.log(`web/public/icons/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
