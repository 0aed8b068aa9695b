import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { useReturnFocus } from './return-focus';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  /**
   * `center` is a modal card; `left` slides in from the left edge (mobile menus); `sheet` is a
   * panel at the right edge on wide screens and a drawer from the bottom on phones, laid out
   * as a column (the caller gives a fixed head and a scrolling body).
   */
  side?: 'center' | 'left' | 'sheet';
  /** Accessible name of the corner close button. */
  closeLabel?: string;
  /**
   * Where focus goes on close when nothing had it as the dialog opened (opened from the
   * address); otherwise it goes back to what had it (return-focus.ts).
   */
  returnFocusTo?: () => HTMLElement | null | undefined;
};

const placement = {
  center:
    'left-1/2 top-1/2 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-2xl p-6 animate-fade-in',
  left: 'inset-y-0 left-0 h-full w-[min(20rem,85vw)] overflow-y-auto border-r p-5 animate-slide-in-left',
  sheet:
    'inset-x-0 bottom-0 flex max-h-[85dvh] flex-col rounded-t-2xl border-t animate-slide-in-bottom md:inset-x-auto md:inset-y-0 md:right-0 md:h-full md:max-h-none md:w-[min(28rem,90vw)] md:rounded-none md:border-l md:border-t-0 md:animate-slide-in-right',
};

export function DialogContent({
  side = 'center',
  closeLabel = 'Close',
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  returnFocusTo,
  ...props
}: DialogContentProps) {
  const returnFocus = useReturnFocus(onOpenAutoFocus, onCloseAutoFocus, returnFocusTo);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px] animate-fade-in" />
      <DialogPrimitive.Content
        className={clsx(
          'fixed z-50 bg-popover text-popover-foreground shadow-xl focus:outline-none',
          placement[side],
          className,
        )}
        {...props}
        {...returnFocus}
      >
        {children}
        <DialogPrimitive.Close
          aria-label={closeLabel}
          className="absolute right-3 top-3 inline-flex size-9 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground"
        >
          <X className="size-5" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={clsx('text-lg font-semibold leading-tight', className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      className={clsx('mt-1 text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
