import { useNavigation } from 'react-router';
import { useUiStore } from '../../stores/ui-store';

/** A thin bar under the top edge while a page loads or the global loading flag is set. */
export function NavigationProgress() {
  const navigating = useNavigation().state !== 'idle';
  const busy = useUiStore((state) => state.isLoading);
  if (!navigating && !busy) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      data-testid="loading-bar"
      className="fixed inset-x-0 top-0 z-[70] h-0.5 overflow-hidden bg-primary/20"
    >
      <div className="h-full w-2/5 bg-primary animate-progress" />
    </div>
  );
}
