import { describe, expect, it } from 'vitest';
import { isTheme, resolveTheme } from './theme';

describe('resolveTheme', () => {
  it('uses an explicit choice whatever the device prefers', () => {
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('follows the device preference for system', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
  });
});

describe('isTheme', () => {
  it('accepts only light, dark and system', () => {
    expect(['light', 'dark', 'system'].every(isTheme)).toBe(true);
    expect(isTheme('sepia')).toBe(false);
    expect(isTheme(null)).toBe(false);
    expect(isTheme('{"state":{"theme":"dark"}}')).toBe(false);
  });
});
