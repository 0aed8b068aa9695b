import { type Area, CROP, outputSide, rotatedSize, toRadians, workScale } from './crop-math';

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read'));
    image.src = src;
  });
}

function context(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  return ctx;
}

/**
 * Draws the chosen square of `src` (rotated by `rotation` degrees, as the cropper showed it) into
 * a JPEG named profile.jpg. `area` is in pixels of the rotated image, as
 * react-easy-crop reports it.
 */
export async function cropToJpeg(src: string, area: Area, rotation: number): Promise<File> {
  const image = await loadImage(src);
  const scale = workScale(image.naturalWidth, image.naturalHeight);
  const width = image.naturalWidth * scale;
  const height = image.naturalHeight * scale;
  const box = rotatedSize(width, height, rotation);

  // The whole photo, rotated about its centre, on a canvas the size of its bounding box.
  const rotated = document.createElement('canvas');
  rotated.width = Math.round(box.width);
  rotated.height = Math.round(box.height);
  const r = context(rotated);
  r.translate(box.width / 2, box.height / 2);
  r.rotate(toRadians(rotation));
  r.drawImage(image, -width / 2, -height / 2, width, height);

  // The crop, on white (JPEG has no transparency), into a square.
  const side = outputSide({ ...area, width: area.width * scale, height: area.height * scale });
  const out = document.createElement('canvas');
  out.width = side;
  out.height = side;
  const o = context(out);
  o.fillStyle = '#ffffff';
  o.fillRect(0, 0, side, side);
  o.imageSmoothingQuality = 'high';
  o.drawImage(
    rotated,
    area.x * scale,
    area.y * scale,
    area.width * scale,
    area.height * scale,
    0,
    0,
    side,
    side,
  );

  const blob = await new Promise<Blob | null>((resolve) =>
    out.toBlob(resolve, CROP.mimeType, CROP.quality),
  );
  if (!blob) throw new Error('The crop could not be encoded');
  return new File([blob], CROP.fileName, { type: CROP.mimeType });
}
