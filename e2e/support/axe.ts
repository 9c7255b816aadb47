import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * axe-core on `page`, reporting violations only: for passes and the rest it keeps one node per
 * rule instead of every one, which is most of its time on a long page (the findings are the same).
 */
export const axeOn = (page: Page) => new AxeBuilder({ page }).options({ resultTypes: ['violations'] });

/** axe-core's serious and critical WCAG 2.1 A/AA findings (as e2e/a11y.e2e.test.ts checks every route). */
export async function axeProblems(page: Page): Promise<string[]> {
  // Let entrance transitions finish: half-faded text would be judged on a colour it never keeps.
  await page.waitForTimeout(400);
  const { violations } = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
