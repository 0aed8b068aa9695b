import { Loader2, RotateCw, ZoomIn } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog';
import { toast } from '../../../stores/toast';
import { PROFILE_TEXT, PROFILE_TOASTS } from '../messages';
import { cropToJpeg } from '../model/crop-image';
import { type Area, CROP, clampRotation, clampZoom } from '../model/crop-math';

// react-easy-crop is only downloaded when someone crops a photo.
const CropperArea = lazy(() => import('./cropper-area'));

type CropDialogProps = {
  /** Object URL of the picked photo; the dialog is open while it is set. */
  image: string | null;
  onCancel: () => void;
  onCropped: (file: File) => void;
};

/** 'Crop Profile Picture': round, square, zoom 1–3 step 0.1, rotation 0–360. */
export function CropDialog({ image, onCancel, onCropped }: CropDialogProps) {
  const [zoom, setZoom] = useState<number>(CROP.zoomMin);
  const [rotation, setRotation] = useState<number>(CROP.rotationMin);
  const [area, setArea] = useState<Area | null>(null);
  const [working, setWorking] = useState(false);
  const zoomId = useId();
  const rotationId = useId();

  const reset = () => {
    setZoom(CROP.zoomMin);
    setRotation(CROP.rotationMin);
    setArea(null);
    setWorking(false);
  };

  const cancel = () => {
    reset();
    onCancel();
  };

  const apply = async () => {
    if (!image || !area) return;
    setWorking(true);
    try {
      const file = await cropToJpeg(image, area, rotation);
      reset();
      onCropped(file);
    } catch {
      setWorking(false);
      toast.error(...PROFILE_TOASTS.cropFailed);
    }
  };

  return (
    <Dialog open={image !== null} onOpenChange={(open) => (open ? undefined : cancel())}>
      <DialogContent className="max-w-md" data-testid="crop-dialog">
        <DialogTitle>{PROFILE_TEXT.cropTitle}</DialogTitle>
        <DialogDescription>Drag to position your photo, then zoom or rotate it.</DialogDescription>
        <div className="relative mt-4 aspect-square w-full overflow-hidden rounded-xl bg-neutral-900">
          {image ? (
            <Suspense
              fallback={
                <div className="flex size-full items-center justify-center text-white/80">
                  <Loader2 className="size-6 animate-spin" aria-hidden="true" />
                  <span className="sr-only">Loading the crop tool</span>
                </div>
              }
            >
              <CropperArea
                image={image}
                zoom={zoom}
                rotation={rotation}
                onZoomChange={(value) => setZoom(clampZoom(value))}
                onRotationChange={(value) => setRotation(clampRotation(value))}
                onAreaChange={setArea}
              />
            </Suspense>
          ) : null}
        </div>
        <div className="mt-5 space-y-4">
          <div className="space-y-1.5">
            <label
              htmlFor={zoomId}
              className="flex items-center justify-between text-sm font-medium"
            >
              <span className="inline-flex items-center gap-1.5">
                <ZoomIn className="size-4 text-muted-foreground" aria-hidden="true" />
                Zoom
              </span>
              <span className="tabular-nums text-muted-foreground">{zoom.toFixed(1)}×</span>
            </label>
            <input
              id={zoomId}
              type="range"
              min={CROP.zoomMin}
              max={CROP.zoomMax}
              step={CROP.zoomStep}
              value={zoom}
              onChange={(event) => setZoom(clampZoom(Number(event.target.value)))}
              className="w-full accent-primary"
              data-testid="crop-zoom"
            />
          </div>
          <div className="space-y-1.5">
            <label
              htmlFor={rotationId}
              className="flex items-center justify-between text-sm font-medium"
            >
              <span className="inline-flex items-center gap-1.5">
                <RotateCw className="size-4 text-muted-foreground" aria-hidden="true" />
                Rotation
              </span>
              <span className="tabular-nums text-muted-foreground">{rotation}°</span>
            </label>
            <input
              id={rotationId}
              type="range"
              min={CROP.rotationMin}
              max={CROP.rotationMax}
              step={1}
              value={rotation}
              onChange={(event) => setRotation(clampRotation(Number(event.target.value)))}
              className="w-full accent-primary"
              data-testid="crop-rotation"
            />
          </div>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={cancel} disabled={working}>
            Cancel
          </Button>
          <Button onClick={apply} disabled={!area || working} aria-busy={working}>
            {working ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {PROFILE_TEXT.applyCrop}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
