import type { Page } from 'playwright-core';

/**
 * The computed background colour of the first element matching each selector, painted by the
 * page itself into red, green and blue (0–255) with its alpha, so colours the stylesheet writes
 * in different ways (oklch, a translucent oklab) compare as the eye sees their hue.
 */
export function paintedBackgrounds(page: Page, selectors: string[]) {
  return page.evaluate((list) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    return list.map((selector) => {
      const element = document.querySelector(selector);
      if (!element) throw new Error(`nothing matches ${selector}`);
      const colour = getComputedStyle(element).backgroundColor;
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = colour;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
      return { colour, rgb: [r!, g!, b!], alpha: a! / 255 };
    });
  }, selectors);
}

/** Whether two painted colours are the same hue and lightness (alpha aside), within rounding. */
export const sameRgb = (a: readonly number[], b: readonly number[], tolerance = 3) =>
  a.length === b.length && a.every((value, i) => Math.abs(value - b[i]!) <= tolerance);
