import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_SWITCHES, type EmailSwitch } from '@storyloom/shared';
import { isUuid } from '../../lib/ids.js';

/**
 * Unsubscribe links (RFC 8058): `<user id>.<switch>.<signature>`, signed with the app's secret
 * so that nobody can turn off someone else's emails. They do not expire: an unsubscribe link
 * in a year-old email must still work. Turning a switch off is all one can do with one.
 */
const SIGNATURE_LENGTH = 32;

const sign = (secret: string, userId: string, which: EmailSwitch) =>
  createHmac('sha256', secret)
    .update(`unsubscribe:${userId}:${which}`)
    .digest('base64url')
    .slice(0, SIGNATURE_LENGTH);

export const unsubscribeToken = (secret: string, userId: string, which: EmailSwitch) =>
  `${userId}.${which}.${sign(secret, userId, which)}`;

export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; which: EmailSwitch } | null {
  const [userId, which, signature, ...rest] = token.split('.');
  if (rest.length > 0 || !userId || !isUuid(userId) || !signature) return null;
  if (!(EMAIL_SWITCHES as readonly string[]).includes(which ?? '')) return null;
  const expected = Buffer.from(sign(secret, userId, which as EmailSwitch));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, which: which as EmailSwitch };
}

/** The page a person opens from the email, and the headers a mail client unsubscribes with. */
export function unsubscribeLinks(publicUrl: string, token: string) {
  const query = `token=${encodeURIComponent(token)}`;
  return {
    page: `${publicUrl}/unsubscribe?${query}`,
    headers: {
      'List-Unsubscribe': `<${publicUrl}/api/notifications/unsubscribe?${query}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
