import type { ReaderFontFamily } from '@storyloom/shared';

/** CSS font stacks for the spec's families: serif Georgia, sans-serif Inter, monospace Courier. */
export const FONT_STACKS: Record<ReaderFontFamily, string> = {
  serif: 'Georgia, Cambria, "Times New Roman", Times, serif',
  'sans-serif': 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  monospace: '"Courier New", Courier, ui-monospace, monospace',
};
