import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@storyloom/shared';

/** Sets the document title (React 19 hoists <title> into <head>). */
export function PageTitle({ title }: { title?: string }) {
  return (
    <title>{title ? `${title} — ${PRODUCT_NAME}` : `${PRODUCT_NAME} — ${PRODUCT_TAGLINE}`}</title>
  );
}
