/**
 * The session. Persisted under STORAGE_KEYS.auth with exactly
 * accessToken, refreshToken, user and isAuthenticated; isLoading and error live only in memory.
 */
import { AUTH_MESSAGES, type Me, STORAGE_KEYS, type TokenResponse } from '@storyloom/shared';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { ApiError, apiUrl, configureApi, get, post } from '../lib/api';
import { clearOfflineCopies } from '../lib/offline-copies';
import { syncSignedInHint } from '../lib/signed-in-hint';
import { browserStorage } from '../lib/storage';

/** The signed-in user as `GET /users/me` returns it. */
export type User = Me;

export type SignupInput = { username: string; email: string; password: string };

type AuthState = {
  accessToken: string | null;
  refreshToken: string | null;
  user: User | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  error: string | null;
  /** Email and password sign-in: token first, then the user. */
  login: (email: string, password: string) => Promise<void>;
  /** Creates the account, then signs in with the same email and password. */
  signup: (input: SignupInput) => Promise<void>;
  /** Sends the browser to the API's Google sign-in. */
  loginWithGoogle: () => void;
  setTokens: (accessToken: string, refreshToken: string | null) => void;
  setUser: (user: User | null) => void;
  /** Refreshes the current user; a 401 signs out, other failures only set `error`. */
  fetchMe: (token?: string) => Promise<void>;
  logout: () => void;
  clearError: () => void;
};

type PersistedAuth = Pick<AuthState, 'accessToken' | 'refreshToken' | 'user' | 'isAuthenticated'>;

const signedOut: PersistedAuth & Pick<AuthState, 'error'> = {
  accessToken: null,
  refreshToken: null,
  user: null,
  isAuthenticated: false,
  error: null,
};

/** A failed sign-in says `details.message`, else the message, else 'Login failed'. */
function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const detail = error.details?.message;
    const fromDetails = Array.isArray(detail) ? detail[0] : detail;
    return fromDetails || error.message || AUTH_MESSAGES.loginFailed;
  }
  return AUTH_MESSAGES.loginFailed;
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set, getState) => ({
      ...signedOut,
      isLoading: false,

      login: async (email, password) => {
        set({ isLoading: true, error: null });
        try {
          const form = new FormData();
          form.append('username', email);
          form.append('password', password);
          const tokens = await post<TokenResponse>('/auth/token', form, { token: null });
          set({
            accessToken: tokens.access_token,
            // The password grant answers without a refresh token (docs/decisions/004).
            refreshToken: tokens.refresh_token ?? null,
            isAuthenticated: true,
          });
          await getState().fetchMe(tokens.access_token);
        } catch (error) {
          set({ isLoading: false, error: loginErrorMessage(error) });
          throw error;
        }
      },

      signup: async ({ username, email, password }) => {
        set({ isLoading: true, error: null });
        try {
          await post('/auth/signup', { username, email, password }, { token: null });
        } catch (error) {
          set({
            isLoading: false,
            error: error instanceof ApiError ? error.message : AUTH_MESSAGES.signupFailed,
          });
          throw error;
        }
        await getState().login(email, password);
      },

      loginWithGoogle: () => window.location.assign(apiUrl('/auth/google/login')),

      setTokens: (accessToken, refreshToken) =>
        set({ accessToken, refreshToken, isAuthenticated: true, error: null }),

      setUser: (user) => set({ user }),

      fetchMe: async (token) => {
        set({ isLoading: true });
        try {
          const user = await get<User>('/users/me', token ? { token } : undefined);
          set({ user, isAuthenticated: true, isLoading: false, error: null });
        } catch (error) {
          if (error instanceof ApiError && error.status === 401) {
            set({ ...signedOut, isLoading: false });
          } else {
            set({ isLoading: false, error: AUTH_MESSAGES.fetchUserFailed });
          }
        }
      },

      logout: () => set({ ...signedOut, isLoading: false }),

      clearError: () => set({ error: null }),
    }),
    {
      name: STORAGE_KEYS.auth,
      storage: createJSONStorage(browserStorage),
      partialize: ({ accessToken, refreshToken, user, isAuthenticated }): PersistedAuth => ({
        accessToken,
        refreshToken,
        user,
        isAuthenticated,
      }),
    },
  ),
);

/** A 401 anywhere clears the session and, outside /auth/ pages, goes to the login page. */
export function handleUnauthorized(): void {
  useAuthStore.getState().logout();
  if (typeof window === 'undefined') return;
  if (!window.location.pathname.startsWith('/auth/')) window.location.assign('/auth/login');
}

configureApi({
  getToken: () => useAuthStore.getState().accessToken,
  onUnauthorized: handleUnauthorized,
});

const offlineOwner = (state: AuthState) =>
  state.isAuthenticated ? (state.user?.id ?? null) : null;

// The server renders pages as a visitor sees them unless this hint says someone is signed in.
if (typeof document !== 'undefined') {
  syncSignedInHint(useAuthStore.getState().isAuthenticated);
  useAuthStore.subscribe((state, previous) => {
    if (state.isAuthenticated !== previous.isAuthenticated) {
      syncSignedInHint(state.isAuthenticated);
    }
    // Stories kept offline are the account's own: signing out (or the session ending) deletes
    // them, and another account signing in here never sees them (docs/decisions/035).
    if (offlineOwner(state) !== offlineOwner(previous)) {
      void clearOfflineCopies(offlineOwner(state)).catch(() => {});
    }
  });
}
