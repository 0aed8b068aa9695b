import { STORY_MESSAGES } from '@storyloom/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { unreadableImages } from '../../test/security/multipart-fuzz.js';
import { renderImage } from './images.js';

const SIZES = { lg: { width: 60, height: 90 }, sm: { width: 30, height: 45 } };

describe('renderImage', () => {
  it('re-encodes a real image to WebP at each size', async () => {
    const png = await sharp({ create: { width: 80, height: 80, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    const out = await renderImage(png, SIZES);
    expect(await sharp(out.lg).metadata()).toMatchObject({ format: 'webp', width: 60, height: 90 });
  });

  it('answers anything it cannot decode, an empty buffer included, with the 415', async () => {
    const files = await unreadableImages();
    for (const [what, data] of Object.entries(files)) {
      await expect(renderImage(data, SIZES), what).rejects.toMatchObject({
        statusCode: 415,
        code: 'unsupported_media_type',
        message: STORY_MESSAGES.fileTypeNotSupported,
      });
    }
  });
});
