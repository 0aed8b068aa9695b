import { createElement, forwardRef, type SVGProps } from 'react';

/**
 * The props of a lucide-react icon that the app uses (lucide's `LucideProps`): any SVG
 * attribute, plus `size` (width and height), `strokeWidth` and `color` (the stroke).
 */
export interface SpriteIconProps extends SVGProps<SVGSVGElement> {
  size?: string | number;
  strokeWidth?: string | number;
  color?: string;
}

/** An accessible name or role given to the icon itself: then it is not hidden. */
const namesItself = (props: Record<string, unknown>) =>
  Object.keys(props).some(
    (key) => (key.startsWith('aria-') || key === 'role' || key === 'title') && props[key] != null,
  );

/**
 * A lucide icon drawn from the build's icon sprite (vite/lucide-sprite.ts): `<svg class="lucide">`
 * with one `<use>` of the icon's symbol, instead of the icon's paths inline in every copy of it.
 * A page with sixty icons sends sixty short references and the paths once, in a file the
 * browser keeps. Its default size (24 px), fill and stroke come from the `.lucide` rule in
 * styles.css (inherited into the symbol), so that classes (`size-4`, `fill-current`) override
 * them as they do lucide's own attributes; `size`, `strokeWidth` and `color` are inline styles.
 */
export function spriteIcon(name: string, sprite: string) {
  const href = `${sprite}#${name}`;
  const Icon = forwardRef<SVGSVGElement, SpriteIconProps>(
    ({ className, size, strokeWidth, color, children, ...rest }, ref) =>
      createElement(
        'svg',
        {
          ref,
          ...(children || namesItself(rest) ? {} : { 'aria-hidden': true }),
          ...rest,
          className: className ? `lucide ${className}` : 'lucide',
          ...(size === undefined && strokeWidth === undefined && color === undefined
            ? {}
            : { style: { width: size, height: size, strokeWidth, stroke: color, ...rest.style } }),
        },
        createElement('use', { href }),
        children,
      ),
  );
  Icon.displayName = name;
  return Icon;
}
