import { CircleCheck } from 'lucide-react';
import { useId } from 'react';
import type { OfflineStory } from '../../../api/offline/use-offline-stories';
import { Switch } from '../../../components/ui/switch';
import { formatBytes } from '../../../lib/format';

type OfflineControlProps = {
  title: string;
  /** The story's copy, when kept. */
  copy: OfflineStory | undefined;
  /** Being kept (or removed) now. */
  pending: boolean;
  /** No connection: a copy can be neither made nor removed-and-made-again. */
  disabled: boolean;
  onChange: (keep: boolean) => void;
};

/** A library card's "Keep offline" switch, and "Available offline" with the copy's size. */
export function OfflineControl({ title, copy, pending, disabled, onChange }: OfflineControlProps) {
  const id = useId();
  const kept = copy !== undefined;
  return (
    <div className="mt-2 space-y-1" data-testid="offline-control">
      <div className="flex items-center gap-2">
        <Switch
          id={id}
          checked={pending ? !kept : kept}
          disabled={pending || disabled}
          onCheckedChange={onChange}
          className="scale-90"
        />
        <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
          Keep offline<span className="sr-only">: {title}</span>
        </label>
      </div>
      <p className="text-xs" aria-live="polite">
        {pending ? (
          <span className="text-muted-foreground">
            {kept ? 'Removing…' : 'Saving for offline…'}
          </span>
        ) : copy ? (
          <span className="inline-flex items-center gap-1 text-success" data-testid="offline-ready">
            <CircleCheck className="size-3.5 shrink-0" aria-hidden="true" />
            Available offline · {formatBytes(copy.bytes)}
          </span>
        ) : null}
      </p>
    </div>
  );
}
