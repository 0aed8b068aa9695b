import { mkdir, open, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import { newId } from './ids.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The one link the message is about (tests follow it); never logged, it carries a token. */
  link?: string;
  /** Extra header fields (List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
}

export interface SendOptions {
  /**
   * The message's own id (the mail job's id): sending again with the same id replaces the
   * outbox copy, and over SMTP carries the same Message-ID.
   */
  id?: string;
}

export interface Mailer {
  send(mail: Mail, options?: SendOptions): Promise<void>;
}

/** SMTP waits: a send must end well inside the job's lease (jobs/worker.ts renews it anyway). */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/**
 * Delivers mail: over SMTP_URL, or without it as an .eml file per message in DATA_DIR/outbox,
 * so sign-up and password reset work on a fresh machine. The app sends through the job queue
 * (jobs/mail.ts), which calls this with the job's id.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.mail.smtpUrl) {
    const transport = nodemailer.createTransport({ url: config.mail.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async send(mail, options = {}) {
        await transport.sendMail({
          from: config.mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          headers: mail.headers,
          // A resend after a crash carries the same id, so a receiving system can spot it.
          ...(options.id ? { messageId: `<${options.id}@storyloom>` } : {}),
        });
      },
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(mail, options = {}) {
      const id = options.id ?? newId();
      const info = await transport.sendMail({
        from: config.mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        headers: mail.headers,
        messageId: `<${id}@storyloom>`,
      });
      await mkdir(config.mail.outboxDir, { recursive: true });
      const file = join(config.mail.outboxDir, `${id}.eml`);
      await writeDurably(file, info.message as Buffer);
      log.info({ file, subject: mail.subject }, 'mail written to outbox');
    },
  };
}

/**
 * Writes `file` whole or not at all, and so that it survives a power loss once this returns:
 * a temporary file is written and flushed, then renamed over `file`. Writing the same file
 * again (a job run twice) replaces it; it never makes a second copy.
 */
async function writeDurably(file: string, data: Buffer): Promise<void> {
  // Its own temporary name: two runs of one job (a lease taken over) never write one file.
  const temporary = `${file}.${newId()}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  // The rename itself is on disk once the directory is flushed.
  const dir = await open(dirname(file), 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}
