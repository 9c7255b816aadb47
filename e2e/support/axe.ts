import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Waits (up to 5 s) until no finite animation or transition is running: half-faded text (a toast
 * sliding in, a dialog opening) would be judged on a colour it never keeps, and on a busy machine
 * those run long. Endless ones (spinners) don't count.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 5_000, polling: 100 },
    )
    .catch(() => {});
}

/**
 * axe-core on `page`, reporting violations only: for passes and the rest it keeps one node per
 * rule instead of every one, which is most of its time on a long page (the findings are the same).
 * Its analysis starts once the page's animations have settled (settleAnimations).
 */
export const axeOn = (page: Page) => {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const analyze = builder.analyze.bind(builder);
  builder.analyze = async () => {
    await settleAnimations(page);
    return analyze();
  };
  return builder;
};

/** axe-core's serious and critical WCAG 2.1 A/AA findings (as e2e/a11y.e2e.test.ts checks every route). */
export async function axeProblems(page: Page): Promise<string[]> {
  // A finding is kept only when a second look, once the page has settled again, still has it: a toast
  // that starts fading out while axe reads it (its timer runs out mid-analysis on a busy machine) is
  // judged on a colour it only passes through. A real problem is there both times.
  let problems: string[] = [];
  for (let look = 0; look < 2; look++) {
    // Let entrance transitions start (axeOn then waits for them to end).
    await page.waitForTimeout(100);
    const { violations } = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    problems = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help} [${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(' | ')}]`,
      );
    if (problems.length === 0) break;
  }
  return problems;
}
