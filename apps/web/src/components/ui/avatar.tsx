import { clsx } from 'clsx';
import { Avatar as AvatarPrimitive } from 'radix-ui';
import { initials } from '../../lib/format';

type AvatarProps = {
  name: string | null | undefined;
  src?: string | null | undefined;
  className?: string;
};

/** The user's picture when set, else initials drawn locally (never an external avatar service). */
export function Avatar({ name, src, className }: AvatarProps) {
  return (
    <AvatarPrimitive.Root
      className={clsx(
        'relative inline-flex size-9 shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-indigo-500 to-pink-500 align-middle',
        className,
      )}
    >
      {src ? <AvatarPrimitive.Image src={src} alt="" className="size-full object-cover" /> : null}
      <AvatarPrimitive.Fallback
        delayMs={src ? 400 : 0}
        className="text-sm font-semibold leading-none text-white"
      >
        {initials(name)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
