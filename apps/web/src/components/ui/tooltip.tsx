import { clsx } from 'clsx';
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';

type TooltipProps = {
  content: ReactNode;
  /** One focusable element (for a disabled action, use `aria-disabled` so it can still be focused). */
  children: ReactNode;
  side?: 'top' | 'bottom' | 'left' | 'right';
};

/** A short label shown on hover and keyboard focus. */
export function Tooltip({ content, children, side = 'top' }: TooltipProps) {
  return (
    <TooltipPrimitive.Provider delayDuration={200}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={6}
            collisionPadding={8}
            className={clsx(
              'z-50 rounded-md bg-foreground px-2.5 py-1.5 text-xs font-medium text-background shadow-md animate-fade-in',
            )}
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-foreground" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
