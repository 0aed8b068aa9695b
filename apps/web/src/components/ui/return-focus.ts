import { useRef } from 'react';

type AutoFocusHandler = (event: Event) => void;

/**
 * Gives focus back to whatever opened a dialog when it closes: Escape, a close button or a
 * click outside. Radix only knows a `DialogTrigger` of its own; a dialog opened from a plain
 * button, its `open` kept in state or in the URL (the reader's settings and chapters, Edit
 * Profile), has none, so focus fell to <body> and a keyboard user started again from the top.
 *
 * What had focus as the dialog opened is remembered (Radix asks `onOpenAutoFocus` before it
 * moves focus in) and focused again on close, unless the caller's own `onCloseAutoFocus` sent
 * focus elsewhere (prevented the event). A dialog that opened with nothing focused (from the
 * address, e.g. /settings/profile) gives it to `fallback()`. With neither, Radix's own rule
 * runs: its trigger (the deferred top-bar menus, whose stand-in button is replaced as they load).
 */
export function useReturnFocus(
  onOpenAutoFocus: AutoFocusHandler | undefined,
  onCloseAutoFocus: AutoFocusHandler | undefined,
  fallback?: () => HTMLElement | null | undefined,
) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const target = opener.current?.isConnected ? opener.current : fallback?.();
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
