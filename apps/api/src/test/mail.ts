import type { Mail, Mailer } from '../lib/mailer.js';

/** How long tokenFor waits for a mail: it leaves through the job queue, after the answer. */
const MAIL_WAIT_MS = 5_000;

/** A mailer that keeps messages in memory so tests can follow the links they carry. */
export function captureMailer() {
  const messages: Mail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      messages.push(mail);
    },
  };
  return {
    mailer,
    messages,
    /** The token in the newest link sent to `to` whose path contains `path`, once it arrives. */
    async tokenFor(to: string, path: string): Promise<string> {
      const deadline = Date.now() + MAIL_WAIT_MS;
      for (;;) {
        const mail = [...messages].reverse().find((m) => m.to === to && m.link?.includes(path));
        if (mail?.link) return new URL(mail.link).searchParams.get('token')!;
        if (Date.now() > deadline) throw new Error(`no ${path} mail to ${to}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}
