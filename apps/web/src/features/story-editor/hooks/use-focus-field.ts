import { useEffect, useState } from 'react';

/**
 * Focuses an element by id once it is on screen (after a tab switch rendered it):
 * `focusField('story-title')`.
 */
export function useFocusField() {
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    if (!target) return;
    const frame = requestAnimationFrame(() => {
      const element = document.getElementById(target);
      element?.focus();
      element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      setTarget(null);
    });
    return () => cancelAnimationFrame(frame);
  }, [target]);
  return setTarget;
}
