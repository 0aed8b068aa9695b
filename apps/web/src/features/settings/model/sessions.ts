import type { SessionView } from '@storyloom/shared';
import { formatRelativeTime } from '../../../lib/format';

export type DeviceKind = 'phone' | 'computer' | 'other';

/** Systems of phones (and the tablets that share them), as the server names them. */
const PHONE_SYSTEMS = new Set(['ios', 'android', 'windows phone', 'blackberry', 'harmonyos']);
const COMPUTER_SYSTEMS = new Set(['windows', 'macos', 'linux', 'chrome os']);

/**
 * Which icon a session gets, from the server's "Firefox on Linux" style name: the system after
 * the last " on ". A name without one ("Unknown browser") or a console or TV is `other`.
 */
export function deviceKind(device: string): DeviceKind {
  const at = device.lastIndexOf(' on ');
  if (at < 0) return 'other';
  const system = device
    .slice(at + 4)
    .trim()
    .toLowerCase();
  if (PHONE_SYSTEMS.has(system)) return 'phone';
  if (COMPUTER_SYSTEMS.has(system)) return 'computer';
  return 'other';
}

/** This device first, then the others as the server sends them (most recently used first). */
export function orderSessions(sessions: readonly SessionView[]): SessionView[] {
  return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
}

export function signInMethodLabel(method: SessionView['method']): string {
  return method === 'google' ? 'Signed in with Google' : 'Signed in with password';
}

/** "Network 203.0.113.0/24", or nothing when the server did not know it. */
export function networkLabel(network: string): string | null {
  return network ? `Network ${network}` : null;
}

/** This device is in use right now; others say when they were last used. */
export function lastActiveLabel(session: SessionView, now: Date = new Date()): string {
  if (session.current) return 'Active now';
  const when = formatRelativeTime(session.last_used_at, now);
  return when ? `Last active ${when}` : '';
}
