import { clsx } from 'clsx';
import { Switch as SwitchPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';

/** An on/off switch (role="switch"); label it with a <label htmlFor> or aria-label. */
export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={clsx(
        'peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input',
        className,
      )}
      {...props}
    >
      {/* Off, in the dark theme, the knob is light: the page's own dark background on the dark
          track could hardly be seen. */}
      <SwitchPrimitive.Thumb className="pointer-events-none block size-5 rounded-full bg-background shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0 dark:data-[state=unchecked]:bg-foreground/80" />
    </SwitchPrimitive.Root>
  );
}
