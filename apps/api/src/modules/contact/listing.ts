import { CONTACT_TOPIC_LABELS, type ContactTopic } from '@storyloom/shared';
import type { ListedContactMessage } from './repo.js';

// Stored text is plain already (the schema drops controls); a terminal is no place to trust
// that, so escapes and bidi overrides are dropped again on the way out.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROLS = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;
const clean = (text: string) => text.replace(CONTROLS, '');

const topicLabel = (topic: string) => CONTACT_TOPIC_LABELS[topic as ContactTopic] ?? clean(topic);

/** `2026-11-25 12:04 UTC` */
const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** One message as the staff read it in a terminal: a heading line, the sender, the text. */
export function formatContactMessage(m: ListedContactMessage): string {
  const sender = [
    m.name ? `${clean(m.name)} <${clean(m.email)}>` : `<${clean(m.email)}>`,
    // Sent signed out, or the account has since been deleted.
    m.username ? `account @${clean(m.username)}` : 'no account',
  ].join(' · ');
  const body = clean(m.message)
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
  return [
    `── ${when(m.created_at)} · ${topicLabel(m.topic)}`,
    `   From: ${sender}`,
    `   Id:   ${m.id}`,
    '',
    body,
  ].join('\n');
}

/** The same message as one line of JSON (`--json`), the topic's label beside its key. */
export const contactMessageJson = (m: ListedContactMessage): string =>
  JSON.stringify({
    id: m.id,
    created_at: m.created_at,
    topic: m.topic,
    topic_label: topicLabel(m.topic),
    name: m.name,
    email: m.email,
    user_id: m.user_id,
    username: m.username,
    message: m.message,
  });
