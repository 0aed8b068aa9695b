import type { SessionView } from '@storyloom/shared';
import { describe, expect, it } from 'vitest';
import {
  deviceKind,
  lastActiveLabel,
  networkLabel,
  orderSessions,
  signInMethodLabel,
} from './sessions';

const session = (overrides: Partial<SessionView> = {}): SessionView => ({
  id: 's1',
  device: 'Firefox on Linux',
  network: '203.0.113.0/24',
  method: 'password',
  created_at: '2025-03-01T10:00:00.000Z',
  last_used_at: '2025-03-05T10:00:00.000Z',
  current: false,
  ...overrides,
});

describe('deviceKind', () => {
  it('tells phones from computers by the system the server named', () => {
    expect(deviceKind('Safari on iOS')).toBe('phone');
    expect(deviceKind('Chrome on Android')).toBe('phone');
    expect(deviceKind('A browser on Windows Phone')).toBe('phone');
    expect(deviceKind('Firefox on Linux')).toBe('computer');
    expect(deviceKind('Chrome on Windows')).toBe('computer');
    expect(deviceKind('Safari on macOS')).toBe('computer');
    expect(deviceKind('Chrome on Chrome OS')).toBe('computer');
  });

  it('reads the system after the last " on ", whatever the browser is called', () => {
    expect(deviceKind('Samsung Internet for Android on Android')).toBe('phone');
    expect(deviceKind('Opera on Linux')).toBe('computer');
  });

  it('is other for unknown browsers, consoles, TVs and unreadable names', () => {
    expect(deviceKind('Unknown browser')).toBe('other');
    expect(deviceKind('Chrome')).toBe('other');
    expect(deviceKind('A browser on PlayStation 4')).toBe('other');
    expect(deviceKind('')).toBe('other');
  });
});

describe('sessions list', () => {
  it('puts this device first and keeps the server order for the rest', () => {
    const list = [session({ id: 'a' }), session({ id: 'b', current: true }), session({ id: 'c' })];
    expect(orderSessions(list).map((s) => s.id)).toEqual(['b', 'a', 'c']);
  });

  it('labels how, where and when', () => {
    expect(signInMethodLabel('google')).toBe('Signed in with Google');
    expect(signInMethodLabel('password')).toBe('Signed in with password');
    expect(networkLabel('203.0.113.0/24')).toBe('Network 203.0.113.0/24');
    expect(networkLabel('localhost')).toBe('Network localhost');
    expect(networkLabel('')).toBeNull();
    const now = new Date('2025-03-05T10:05:00.000Z');
    expect(lastActiveLabel(session(), now)).toBe('Last active 5m ago');
    expect(lastActiveLabel(session({ current: true }), now)).toBe('Active now');
    expect(lastActiveLabel(session({ last_used_at: '2025-01-01T12:00:00.000Z' }), now)).toBe(
      'Last active Jan 1, 2025',
    );
  });
});
