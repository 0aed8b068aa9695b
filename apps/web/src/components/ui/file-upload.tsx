import { clsx } from 'clsx';
import { CircleAlert, ImageUp, RefreshCw, Trash2 } from 'lucide-react';
import { type DragEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from './button';
import { IMAGE_UNREADABLE, isReadableImage, validateFile } from './file-upload-rules';

/** An object URL for a picked file, revoked when the file changes or the component goes. */
export function useObjectUrl(file: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

type FileUploadProps = {
  /** Visible label of the widget. */
  label: string;
  /** What may be picked (the input's `accept`); images only by default. */
  accept?: string;
  maxSizeMb?: number;
  /** The current image, if any: shows a preview with Change and Remove. */
  previewUrl?: string | null | undefined;
  previewAlt?: string;
  /** Classes for the preview/drop area (e.g. an aspect ratio). */
  frameClassName?: string;
  hint?: ReactNode;
  disabled?: boolean;
  /** Called with a file that passed the checks. */
  onSelect: (file: File) => void;
  onRemove?: (() => void) | undefined;
  /** Called with the message when a picked file is refused (it is also shown inline). */
  onReject?: (message: string) => void;
  className?: string;
};

/**
 * Pick or drop one file. It is checked against `accept` and `maxSizeMb` here (the server checks
 * again); a refusal is shown under the widget and announced.
 */
export function FileUpload({
  label,
  accept = 'image/*',
  maxSizeMb = 5,
  previewUrl,
  previewAlt = '',
  frameClassName,
  hint,
  disabled = false,
  onSelect,
  onRemove,
  onReject,
  className,
}: FileUploadProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const take = async (file: File | undefined) => {
    if (!file) return;
    let problem = validateFile(file, { accept, maxSizeMb });
    if (!problem && accept.startsWith('image/') && !(await isReadableImage(file))) {
      problem = IMAGE_UNREADABLE;
    }
    setError(problem);
    if (problem) onReject?.(problem);
    else onSelect(file);
  };

  const choose = () => inputRef.current?.click();

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) void take(event.dataTransfer.files[0]);
  };

  const dragProps = {
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      if (!disabled) setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop,
  };

  return (
    <fieldset className={clsx('min-w-0 space-y-2', className)}>
      <legend className="mb-2 block text-sm font-medium text-foreground">{label}</legend>
      <input
        ref={inputRef}
        type="file"
        accept={accept}
        tabIndex={-1}
        aria-hidden="true"
        className="sr-only"
        disabled={disabled}
        onChange={(event) => {
          void take(event.target.files?.[0]);
          // Picking the same file again must fire change again.
          event.target.value = '';
        }}
      />
      {previewUrl ? (
        <div className="flex flex-col items-start gap-3">
          <div
            className={clsx(
              'relative shrink-0 overflow-hidden rounded-xl border bg-muted',
              dragging && 'ring-2 ring-primary',
              frameClassName,
            )}
            {...dragProps}
          >
            <img src={previewUrl} alt={previewAlt} className="size-full object-cover" />
          </div>
          <div className="flex flex-wrap gap-1">
            <Button variant="outline" size="sm" onClick={choose} disabled={disabled}>
              <RefreshCw aria-hidden="true" />
              Change
            </Button>
            {onRemove ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setError(null);
                  onRemove();
                }}
                disabled={disabled}
                className="text-destructive"
              >
                <Trash2 aria-hidden="true" />
                Remove
              </Button>
            ) : null}
          </div>
        </div>
      ) : (
        <button
          type="button"
          onClick={choose}
          disabled={disabled}
          aria-describedby={hint ? `${id}hint` : undefined}
          className={clsx(
            'flex w-full flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-input bg-muted/40 px-4 py-8 text-center transition-colors hover:border-primary/60 hover:bg-accent/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50',
            dragging && 'border-primary bg-accent/60',
            frameClassName,
          )}
          {...dragProps}
        >
          <ImageUp className="size-8 text-muted-foreground" aria-hidden="true" />
          <span className="text-sm font-medium text-foreground">
            Click to upload{' '}
            <span className="font-normal text-muted-foreground">or drag and drop</span>
          </span>
        </button>
      )}
      {error ? (
        <p role="alert" className="flex items-start gap-1.5 text-sm text-destructive">
          <CircleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          <span>{error}</span>
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}
