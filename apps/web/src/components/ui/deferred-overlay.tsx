import {
  type ComponentProps,
  type ComponentType,
  type KeyboardEvent,
  type PointerEvent,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

/** The real overlay: a Radix menu or dialog with its trigger, opened at once when asked. */
export type OverlayComponent<P> = ComponentType<P & { defaultOpen?: boolean }>;

/** The trigger drawn until the overlay's code is there; it looks exactly like the real one. */
export type TriggerComponent<P> = ComponentType<ComponentProps<'button'> & P>;

/** What a Radix trigger says while its popup is closed: a stand-in trigger says it too. */
export const closedMenu = {
  'aria-haspopup': 'menu',
  'aria-expanded': false,
  'data-state': 'closed',
} as const;
export const closedDialog = {
  'aria-haspopup': 'dialog',
  'aria-expanded': false,
  'data-state': 'closed',
} as const;

/** Runs `task` once the page has loaded and the browser is idle. */
function whenIdleAfterLoad(task: () => void) {
  const run = () => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(task, { timeout: 4000 });
    } else {
      setTimeout(task, 1000);
    }
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}

/**
 * Keeps an overlay (a menu or dialog with its trigger, with Radix's positioning, focus trap and
 * scroll lock) out of a page's script: the top bar's menus, a story page's Add to list and
 * Download. Until its code is in use a look-alike trigger stands in; the code is fetched once
 * the page is idle (unless `whenIdle` is false), or sooner when the user points at, focuses or
 * presses the trigger, which then swaps in the real one. A press on the stand-in opens the
 * overlay as soon as it is there, and keyboard focus moves to the real trigger, so nothing the
 * user does is lost. Both get the component's props `P`.
 */
export function deferOverlay<P extends object = object>(
  load: () => Promise<OverlayComponent<P>>,
  Trigger: TriggerComponent<P>,
  { whenIdle = true }: { whenIdle?: boolean } = {},
): ComponentType<P> {
  let loaded: OverlayComponent<P> | undefined;
  let loading: Promise<OverlayComponent<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // Try again on the next press (a flaky network, or a new deployment's chunk names).
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };

  function DeferredOverlay(props: P) {
    const [Overlay, setOverlay] = useState<OverlayComponent<P> | undefined>(() => loaded);
    const [openOnArrival, setOpenOnArrival] = useState(false);
    const box = useRef<HTMLSpanElement>(null);
    const refocus = useRef(false);

    const fetchOverlay = () => {
      preload().then(
        (component) => {
          refocus.current = box.current?.contains(document.activeElement) ?? false;
          setOverlay(() => component);
        },
        () => {
          // The stand-in stays; the next press retries.
        },
      );
    };

    // Fetched when the page is idle, but swapped in only when the user reaches for it: mounting
    // the real overlay while the page is still settling would only add main-thread work.
    useEffect(() => {
      if (!loaded && whenIdle) {
        whenIdleAfterLoad(() => {
          preload().catch(() => {
            // Tried again on the next press.
          });
        });
      }
    }, []);

    // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the overlay arrives.
    useLayoutEffect(() => {
      if (!Overlay || !refocus.current) return;
      refocus.current = false;
      // An overlay opened on arrival takes focus itself and gives it back to its trigger.
      if (openOnArrival) return;
      box.current?.querySelector<HTMLElement>('button')?.focus();
    }, [Overlay]);

    if (Overlay) {
      return (
        <span ref={box} className="contents">
          <Overlay {...props} defaultOpen={openOnArrival} />
        </span>
      );
    }

    const open = () => {
      setOpenOnArrival(true);
      fetchOverlay();
    };
    return (
      <span ref={box} className="contents">
        <Trigger
          {...props}
          onPointerEnter={fetchOverlay}
          onFocus={fetchOverlay}
          // Radix menus open on a primary-button press and on Enter, Space or ArrowDown;
          // dialogs on click. The stand-in answers to all of them.
          onPointerDown={(event: PointerEvent) => {
            if (event.button === 0 && !event.ctrlKey) open();
          }}
          onKeyDown={(event: KeyboardEvent) => {
            if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
              event.preventDefault();
              open();
            }
          }}
          onClick={open}
        />
      </span>
    );
  }
  return DeferredOverlay;
}
