import { PRODUCT_NAME } from '@storyloom/shared';
import { clsx } from 'clsx';
import { Link } from 'react-router';

export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={clsx('size-8 shrink-0', className)}>
      <defs>
        <linearGradient id="brand-mark-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#db2777" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill="url(#brand-mark-gradient)" />
      <path
        d="M16 18c0-2 1.5-3 3.5-3H30c1.2 0 2 .8 2 2v32c-2-1.6-4.3-2.4-7-2.4H19.5c-2 0-3.5-1-3.5-3z"
        fill="#fff"
        opacity=".95"
      />
      <path
        d="M48 18c0-2-1.5-3-3.5-3H34c-1.2 0-2 .8-2 2v32c2-1.6 4.3-2.4 7-2.4h5.5c2 0 3.5-1 3.5-3z"
        fill="#fff"
        opacity=".8"
      />
    </svg>
  );
}

/** The brand logo, linking home. */
export function BrandLogo({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      aria-label={`${PRODUCT_NAME} home`}
      data-testid="brand-logo"
      className={clsx('inline-flex items-center gap-2 rounded-lg', className)}
    >
      <BrandMark />
      <span className="font-serif text-xl font-bold tracking-tight">{PRODUCT_NAME}</span>
    </Link>
  );
}
