/** Geometry of the profile picture crop, free of the DOM for tests. */

export const CROP = {
  zoomMin: 1,
  zoomMax: 3,
  zoomStep: 0.1,
  rotationMin: 0,
  rotationMax: 360,
  /** The square the crop is drawn into (the server keeps 400×400 and 96×96). */
  outputMax: 800,
  /** Large photos are scaled down to this before rotating, to keep the canvas small. */
  workMax: 2048,
  fileName: 'profile.jpg',
  mimeType: 'image/jpeg',
  quality: 0.92,
} as const;

/** The profile picture limit: 5 MB. */
export const PROFILE_PIC_MAX_BYTES = 5 * 1024 * 1024;

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** The bounding box of a `width`×`height` image rotated by `rotation` degrees. */
export function rotatedSize(width: number, height: number, rotation: number) {
  const rad = toRadians(rotation);
  return {
    width: Math.abs(Math.cos(rad) * width) + Math.abs(Math.sin(rad) * height),
    height: Math.abs(Math.sin(rad) * width) + Math.abs(Math.cos(rad) * height),
  };
}

/** How much to scale a `width`×`height` image down so its longer side fits `max` (never up). */
export const workScale = (width: number, height: number, max: number = CROP.workMax) =>
  Math.min(1, max / Math.max(width, height, 1));

/** The side of the square output: the crop's own size, capped, at least one pixel. */
export const outputSide = (area: Area, max: number = CROP.outputMax) =>
  Math.max(1, Math.round(Math.min(area.width, area.height, max)));

export const clampZoom = (zoom: number) =>
  Math.min(CROP.zoomMax, Math.max(CROP.zoomMin, Math.round(zoom * 10) / 10));

export const clampRotation = (rotation: number) =>
  Math.min(CROP.rotationMax, Math.max(CROP.rotationMin, Math.round(rotation)));
