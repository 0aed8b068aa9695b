import axe from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * The serious and critical axe-core violations on the page as it is now, one line each (empty
 * when there are none). axe runs in the page, evaluated over the DevTools protocol, which the
 * page's Content-Security-Policy allows. `exclude`: selectors of parts of the page left out.
 */
export async function seriousViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  await page.evaluate(axe.source);
  const results = await page.evaluate(
    (excluded) =>
      (window as unknown as { axe: typeof axe }).axe.run(
        excluded.length > 0
          ? { include: [['html']], exclude: excluded.map((selector) => [selector]) }
          : document,
        { resultTypes: ['violations'] },
      ),
    exclude,
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
