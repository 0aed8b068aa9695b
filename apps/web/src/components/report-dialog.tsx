import { lazyDialog } from './ui/lazy-dialog';

/** The Report dialog (report-form-dialog.tsx), its code loaded the first time it opens. */
export const ReportDialog = lazyDialog(() =>
  import('./report-form-dialog').then((m) => m.ReportFormDialog),
);
