import { useEffect } from 'react';
import { getMySettings } from '../../../api/me/get-my-settings';
import { useAuthStore } from '../../../stores/auth-store';
import { useUiStore } from '../../../stores/ui-store';

/**
 * Settings follow the user across browsers: when someone signs in (not when a page loads with a
 * session already there, so a theme picked on this device stays), their saved theme applies.
 */
export function useSettingsOnSignIn() {
  useEffect(
    () =>
      useAuthStore.subscribe((state, previous) => {
        const signedIn = state.user?.id;
        if (!signedIn || previous.user?.id === signedIn) return;
        getMySettings()
          .then((settings) => {
            if (useAuthStore.getState().user?.id === signedIn) {
              useUiStore.getState().setTheme(settings.theme);
            }
          })
          .catch(() => {
            // The local theme stays; the settings page shows the saved one.
          });
      }),
    [],
  );
}
