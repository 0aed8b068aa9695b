import { describe, expect, it } from 'vitest';
import { notificationsLabel, unreadBadge } from './unread-label';

describe('the bell', () => {
  it('shows the count up to 99, then 99+, and says it in its name', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(undefined)).toBeNull();
    expect(unreadBadge(7)).toBe('7');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
    expect(notificationsLabel(0)).toBe('Notifications');
    expect(notificationsLabel(3)).toBe('Notifications, 3 unread');
    expect(notificationsLabel(999)).toBe('Notifications, 999+ unread');
  });
});
