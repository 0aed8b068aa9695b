import type { Mail, Mailer } from '../lib/mailer.js';

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
    /** The token in the newest link sent to `to` whose path contains `path`. */
    tokenFor(to: string, path: string): string {
      const mail = [...messages].reverse().find((m) => m.to === to && m.link?.includes(path));
      if (!mail?.link) throw new Error(`no ${path} mail to ${to}`);
      return new URL(mail.link).searchParams.get('token')!;
    },
  };
}
