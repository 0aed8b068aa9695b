import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: email links, refresh tokens, one-time codes. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a secret token: its SHA-256, so a leaked table signs no one in. */
export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');
