/**
 * Global interface state: theme, toasts, open modals and a global
 * loading flag. Only the theme is persisted, as a bare string under STORAGE_KEYS.theme so the
 * pre-paint script in public/theme-init.js can read it.
 */
import { STORAGE_KEYS, TIMINGS } from '@storyloom/shared';
import { create } from 'zustand';
import { type PersistStorage, persist } from 'zustand/middleware';
import { createId } from '../lib/id';
import { readString, removeKey, writeString } from '../lib/storage';
import { isTheme, type Theme } from '../lib/theme';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export type Toast = {
  id: string;
  type: ToastType;
  title: string;
  description?: string;
  /** Milliseconds before it is removed; 0 or Infinity keeps it until dismissed. */
  duration: number;
  /** One button beside the text (an Undo); the toast closes when it is pressed. */
  action?: { label: string; onClick: () => void };
};

export type ToastInput = Omit<Toast, 'id' | 'type' | 'duration'> & {
  type?: ToastType;
  duration?: number;
};

export type Modal = { id: string; type: string; props?: Record<string, unknown> };

type UiState = {
  theme: Theme;
  toasts: Toast[];
  modals: Modal[];
  isLoading: boolean;
  setTheme: (theme: Theme) => void;
  addToast: (toast: ToastInput) => string;
  removeToast: (id: string) => void;
  /** Opens a modal under a generated id and returns the id. */
  openModal: (type: string, props?: Record<string, unknown>) => string;
  closeModal: (id: string) => void;
  closeAllModals: () => void;
  setLoading: (isLoading: boolean) => void;
};

type PersistedUi = Pick<UiState, 'theme'>;

const themeStorage: PersistStorage<PersistedUi> = {
  getItem: (name) => {
    const value = readString(name);
    return isTheme(value) ? { state: { theme: value }, version: 0 } : null;
  },
  setItem: (name, value) => writeString(name, value.state.theme),
  removeItem: (name) => removeKey(name),
};

const toastTimers = new Map<string, ReturnType<typeof setTimeout>>();

export const useUiStore = create<UiState>()(
  persist(
    (set, get) => ({
      theme: 'system',
      toasts: [],
      modals: [],
      isLoading: false,

      setTheme: (theme) => set({ theme }),

      addToast: ({ type = 'info', duration = TIMINGS.toastDurationMs, ...rest }) => {
        const id = createId('toast');
        set((state) => ({ toasts: [...state.toasts, { ...rest, id, type, duration }] }));
        if (duration > 0 && Number.isFinite(duration)) {
          toastTimers.set(
            id,
            setTimeout(() => get().removeToast(id), duration),
          );
        }
        return id;
      },

      removeToast: (id) => {
        clearTimeout(toastTimers.get(id));
        toastTimers.delete(id);
        set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
      },

      openModal: (type, props) => {
        const id = createId('modal');
        set((state) => ({ modals: [...state.modals, { id, type, ...(props ? { props } : {}) }] }));
        return id;
      },

      closeModal: (id) => set((state) => ({ modals: state.modals.filter((m) => m.id !== id) })),

      closeAllModals: () => set({ modals: [] }),

      setLoading: (isLoading) => set({ isLoading }),
    }),
    {
      name: STORAGE_KEYS.theme,
      storage: themeStorage,
      partialize: (state) => ({ theme: state.theme }),
    },
  ),
);
