import { describe, expect, it } from 'vitest';
import { CROP, clampRotation, clampZoom, outputSide, rotatedSize, workScale } from './crop-math';

describe('crop geometry', () => {
  it('keeps the spec limits', () => {
    expect([CROP.zoomMin, CROP.zoomMax, CROP.zoomStep]).toEqual([1, 3, 0.1]);
    expect([CROP.rotationMin, CROP.rotationMax]).toEqual([0, 360]);
    expect(CROP.fileName).toBe('profile.jpg');
    expect(CROP.mimeType).toBe('image/jpeg');
  });

  it('computes the rotated bounding box', () => {
    const quarter = rotatedSize(200, 100, 90);
    expect(quarter.width).toBeCloseTo(100);
    expect(quarter.height).toBeCloseTo(200);
    const none = rotatedSize(200, 100, 0);
    expect([none.width, none.height]).toEqual([200, 100]);
    const diagonal = rotatedSize(100, 100, 45);
    expect(diagonal.width).toBeCloseTo(141.42, 1);
  });

  it('scales big photos down, never small ones up', () => {
    expect(workScale(4096, 1024)).toBe(0.5);
    expect(workScale(800, 600)).toBe(1);
  });

  it('sizes the output square from the crop, capped', () => {
    expect(outputSide({ x: 0, y: 0, width: 300, height: 300 })).toBe(300);
    expect(outputSide({ x: 0, y: 0, width: 3000, height: 3000 })).toBe(CROP.outputMax);
    expect(outputSide({ x: 0, y: 0, width: 0.2, height: 0.2 })).toBe(1);
  });

  it('clamps zoom to 1–3 in steps of 0.1 and rotation to 0–360', () => {
    expect(clampZoom(0.5)).toBe(1);
    expect(clampZoom(1.26)).toBe(1.3);
    expect(clampZoom(9)).toBe(3);
    expect(clampRotation(-5)).toBe(0);
    expect(clampRotation(400)).toBe(360);
    expect(clampRotation(12.4)).toBe(12);
  });
});
