import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

/** Undoes quoted-printable: soft line breaks and =XX bytes (UTF-8). */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Parses one .eml the server wrote (nodemailer, text/plain). */
export function parseEml(file: string, raw: string): OutboxMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) =>
    new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text = encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : body;
  return { file, to: header('To').toLowerCase(), subject: header('Subject'), text };
}

async function mailsTo(address: string): Promise<OutboxMail[]> {
  const dir = join(inject('dataDir'), 'outbox');
  const files = await readdir(dir).catch(() => [] as string[]);
  const mails = await Promise.all(
    files
      .filter((name) => name.endsWith('.eml'))
      .map(async (name) => parseEml(name, await readFile(join(dir, name), 'utf8'))),
  );
  // Names are the mail jobs' ids, time-ordered (UUID v7): newest last.
  return mails
    .filter((mail) => mail.to === address.toLowerCase())
    .sort((a, b) => (a.file < b.file ? -1 : 1));
}

/** Every mail sent to `address` so far, oldest first. */
export const outboxFor = mailsTo;

/**
 * The link to `path` (e.g. '/auth/verify-email') in the newest mail to `address`, waiting for
 * it to arrive. `skip` ignores links already used, so a second mail can be told from the first.
 */
export async function linkFromOutbox(
  address: string,
  path: '/auth/verify-email' | '/auth/reset-password',
  { skip = [] as string[], timeoutMs = 10_000 } = {},
): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s]+${path}\\?token=[A-Za-z0-9_-]+`, 'g');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(address);
    for (const mail of mails.reverse()) {
      const link = [...mail.text.matchAll(pattern)].map((m) => m[0]).find((l) => !skip.includes(l));
      if (link) return link;
    }
    if (Date.now() > deadline) throw new Error(`no ${path} link mailed to ${address}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
