import { STORY_MESSAGES } from '@storyloom/shared';
import { payloadTooLarge, unsupportedMediaType } from '../../lib/errors.js';

/** Formats we decode. HEIF is accepted only when it is AVIF (AV1-compressed). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
/** Decompression-bomb guard: 50 megapixels is far above any camera photo we need. */
const MAX_INPUT_PIXELS = 50_000_000;

export interface Size {
  width: number;
  height: number;
}

/**
 * Decides the type from the bytes, then re-encodes to WebP at each size: auto-rotated by the
 * EXIF orientation, cropped to fill (centre), metadata stripped. Anything sharp cannot decode
 * (empty, cut short, not an image) or decodes as another format (SVG, TIFF, PDF…) is a 415.
 */
export async function renderImage<K extends string>(
  input: Buffer,
  sizes: Record<K, Size>,
): Promise<Record<K, Buffer>> {
  // Loaded at the first upload: libvips is a third of the server's memory otherwise.
  const { default: sharp } = await import('sharp');
  let source: ReturnType<typeof sharp>;
  let meta: Awaited<ReturnType<typeof source.metadata>>;
  try {
    // Inside the try: sharp refuses an empty buffer as it is constructed, not when decoding.
    source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    meta = await source.metadata();
  } catch {
    throw unsupportedMediaType(STORY_MESSAGES.fileTypeNotSupported);
  }
  const avif = meta.format === 'heif' && meta.compression === 'av1';
  if (!meta.format || !ACCEPTED.has(meta.format) || (meta.format === 'heif' && !avif)) {
    throw unsupportedMediaType(STORY_MESSAGES.fileTypeNotSupported);
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) {
    throw payloadTooLarge(STORY_MESSAGES.imageTooLarge);
  }
  const out = {} as Record<K, Buffer>;
  try {
    for (const [name, size] of Object.entries(sizes) as [K, Size][]) {
      out[name] = await source
        .clone()
        .autoOrient()
        .resize(size.width, size.height, { fit: 'cover', position: 'centre' })
        .webp({ quality: 82 })
        .toBuffer();
    }
  } catch {
    // Truncated or corrupt data that passed the header check.
    throw unsupportedMediaType(STORY_MESSAGES.fileTypeNotSupported);
  }
  return out;
}
