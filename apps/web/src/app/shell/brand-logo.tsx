import { PRODUCT_NAME } from '@storyloom/shared';
import { clsx } from 'clsx';
import { AppLink } from '../../components/ui/app-link';

/**
 * The brand mark: the site's icon (public/favicon.svg), which the browser already holds for the
 * tab, rather than its drawing inline in every page twice (top bar and footer).
 */
export function BrandMark({ className }: { className?: string }) {
  return (
    <img
      src="/favicon.svg"
      alt=""
      width={32}
      height={32}
      decoding="async"
      className={clsx('size-8 shrink-0', className)}
    />
  );
}

/** The brand logo, linking home; drawn by the `brand-logo` rules of styles.css. */
export function BrandLogo({ className }: { className?: string }) {
  return (
    <AppLink
      to="/"
      aria-label={`${PRODUCT_NAME} home`}
      data-testid="brand-logo"
      className={clsx('brand-logo', className)}
    >
      <BrandMark />
      <span>{PRODUCT_NAME}</span>
    </AppLink>
  );
}
