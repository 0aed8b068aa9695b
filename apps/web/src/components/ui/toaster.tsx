import { clsx } from 'clsx';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { type Toast, type ToastType, useUiStore } from '../../stores/ui-store';

const icons: Record<ToastType, typeof Info> = {
  success: CircleCheck,
  error: CircleAlert,
  warning: TriangleAlert,
  info: Info,
};

const accents: Record<ToastType, string> = {
  success: 'text-success',
  error: 'text-destructive',
  warning: 'text-warning',
  info: 'text-info',
};

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
  const Icon = icons[toast.type];
  return (
    <li
      data-testid="toast"
      data-type={toast.type}
      className="pointer-events-auto flex w-full items-start gap-3 rounded-xl border bg-popover p-4 text-popover-foreground shadow-lg animate-toast-in"
    >
      <Icon className={clsx('mt-0.5 size-5 shrink-0', accents[toast.type])} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description ? (
          <p className="mt-0.5 text-sm text-muted-foreground">{toast.description}</p>
        ) : null}
        {toast.action ? (
          <button
            type="button"
            className="mt-2 rounded-md text-sm font-semibold text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            onClick={() => {
              toast.action?.onClick();
              onDismiss(toast.id);
            }}
          >
            {toast.action.label}
          </button>
        ) : null}
      </div>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        aria-label="Dismiss notification"
        className="-m-1 inline-flex size-7 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </li>
  );
}

/**
 * Rendered once in the page shell; the live region exists before any toast so each is announced.
 * Toasts keep clear of the controls pages put at the bottom right (Delete Story, Save, the
 * profile's write button): at the top on a phone, at the bottom left from `sm` on.
 */
export function Toaster() {
  const toasts = useUiStore((state) => state.toasts);
  const removeToast = useUiStore((state) => state.removeToast);
  return (
    <section aria-label="Status messages" className="toaster">
      {/* The live region wraps the list: a list may not take the status role itself. */}
      <div role="status" aria-live="polite" className="w-full max-w-sm">
        <ol className="flex flex-col gap-2">
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={removeToast} />
          ))}
        </ol>
      </div>
    </section>
  );
}
