import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** axe-core's serious and critical WCAG 2.1 A/AA findings (as e2e/a11y.e2e.test.ts checks every route). */
export async function axeProblems(page: Page): Promise<string[]> {
  // Let entrance transitions finish: half-faded text would be judged on a colour it never keeps.
  await page.waitForTimeout(400);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
