import { type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * A dialog component whose code loads the first time it is opened (`isOpen`, by default its
 * `open` prop). It renders nothing until then, and stays mounted afterwards so that closing it
 * animates and returns focus as before.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean = (props) => (props as { open?: boolean }).open === true,
): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
