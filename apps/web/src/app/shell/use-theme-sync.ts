import { STORAGE_KEYS } from '@storyloom/shared';
import { useEffect } from 'react';
import { applyTheme, DARK_SCHEME_QUERY, resolveTheme } from '../../lib/theme';
import { useUiStore } from '../../stores/ui-store';

/**
 * Keeps the `dark` class on <html> in step with the chosen theme; `system` follows the device
 * preference live. A theme chosen in another tab is picked up too.
 */
export function useThemeSync() {
  const theme = useUiStore((state) => state.theme);

  useEffect(() => {
    const media = window.matchMedia(DARK_SCHEME_QUERY);
    const update = () => applyTheme(resolveTheme(theme, media.matches));
    update();
    if (theme !== 'system') return;
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, [theme]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.theme) void useUiStore.persist.rehydrate();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}
