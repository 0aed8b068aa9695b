import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import { newId } from './ids.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The one link the message is about, logged when mail goes to the outbox. */
  link?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Sends over SMTP_URL; without it each message is written as an .eml file to DATA_DIR/outbox
 * and its link is logged, so sign-up and password reset work on a fresh machine.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.mail.smtpUrl) {
    const transport = nodemailer.createTransport(config.mail.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({
          from: config.mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
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
    async send(mail) {
      const info = await transport.sendMail({
        from: config.mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
      mkdirSync(config.mail.outboxDir, { recursive: true });
      const file = join(config.mail.outboxDir, `${Date.now()}-${newId()}.eml`);
      writeFileSync(file, info.message as Buffer);
      log.info(
        { to: mail.to, subject: mail.subject, link: mail.link, file },
        'mail written to outbox',
      );
    },
  };
}
