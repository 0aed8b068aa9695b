import { lazyDialog } from './lazy-dialog';

/**
 * A question, Cancel and one confirming action (alert-dialog.tsx `ConfirmAlertDialog`), its
 * code, Radix's alert dialog with its focus trap and scroll lock, loaded the first time it opens.
 */
export const ConfirmDialog = lazyDialog(() =>
  import('./alert-dialog').then((m) => m.ConfirmAlertDialog),
);
