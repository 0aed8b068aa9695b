import Bowser from 'bowser';
import ipaddr from 'ipaddr.js';

/** How much of a User-Agent a session keeps. */
const USER_AGENT_MAX = 300;

export const clipUserAgent = (userAgent: string | undefined): string =>
  (userAgent ?? '').slice(0, USER_AGENT_MAX);

/**
 * "Firefox on Linux", "Safari on iOS": the browser and system a User-Agent names, as people
 * recognise their devices in a list. Anything unreadable is "Unknown browser".
 */
export function describeDevice(userAgent: string | undefined): string {
  if (!userAgent) return 'Unknown browser';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name || '';
  const os = parsed.os.name || '';
  if (browser && os) return `${browser} on ${os}`;
  return browser || (os ? `A browser on ${os}` : 'Unknown browser');
}

/**
 * The network an address belongs to, never the address itself: its IPv4 /24 or IPv6 /48
 * ("203.0.113.0/24", "2001:db8:1::/48"), or "localhost". All the location a session shows: no
 * lookup service is asked.
 */
export function networkOf(address: string | undefined): string {
  if (!address || !ipaddr.isValid(address)) return '';
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) {
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  }
  if (ip.range() === 'loopback') return 'localhost';
  if (ip.kind() === 'ipv4') {
    const [a, b, c] = (ip as ipaddr.IPv4).octets;
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = (ip as ipaddr.IPv6).parts.slice(0, 3);
  const prefix = ipaddr.IPv6.parse(`${parts.map((p) => p.toString(16)).join(':')}::`);
  return `${prefix.toString()}/48`;
}

/** What a sign-in request tells about where it comes from. */
export const signInOrigin = (request: {
  headers: { 'user-agent'?: string | undefined };
  ip: string;
}) => ({ userAgent: request.headers['user-agent'], address: request.ip });
