const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock']);

/**
 * Keeps `<html data-input>` on what the person last used: `pointer` (mouse, touch, pen) or
 * `keyboard`. Browsers leave `:focus-visible` on an element that a script focused, and Radix
 * moves focus by script after a click (a tab, a menu item), which drew a focus ring under the
 * mouse. styles.css hides focus rings while `data-input="pointer"`, so they show for the
 * keyboard only. Text fields keep theirs: they show where typing goes.
 */
export function trackInputModality(root: HTMLElement = document.documentElement) {
  const set = (mode: 'pointer' | 'keyboard') => {
    if (root.dataset.input !== mode) root.dataset.input = mode;
  };
  window.addEventListener('pointerdown', () => set('pointer'), { capture: true, passive: true });
  window.addEventListener(
    'keydown',
    (event) => {
      if (!MODIFIERS.has(event.key)) set('keyboard');
    },
    { capture: true },
  );
}
