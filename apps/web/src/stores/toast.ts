import { type ToastInput, type ToastType, useUiStore } from './ui-store';

type Shortcut = (title: string, description?: string, duration?: number) => string;

function shortcut(type: ToastType): Shortcut {
  return (title, description, duration) =>
    useUiStore.getState().addToast({
      type,
      title,
      ...(description === undefined ? {} : { description }),
      ...(duration === undefined ? {} : { duration }),
    });
}

/**
 * Shows a toast and returns its id: `toast({ type: 'error', title, description })` or
 * `toast.success('Settings saved')`. It disappears after TIMINGS.toastDurationMs unless a
 * `duration` is given (0 keeps it until dismissed).
 */
export const toast = Object.assign((input: ToastInput) => useUiStore.getState().addToast(input), {
  success: shortcut('success'),
  error: shortcut('error'),
  warning: shortcut('warning'),
  info: shortcut('info'),
  dismiss: (id: string) => useUiStore.getState().removeToast(id),
});
