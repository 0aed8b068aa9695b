import { LIMITS } from './constants.js';
import { groupDigits } from './format-number.js';

/** What a message sent through /contact is about: the staff sort their inbox by it. */
export const CONTACT_TOPICS = [
  'question',
  'account',
  'bug',
  'report',
  'copyright',
  'privacy',
  'other',
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

/** The contact form's choices and the staff listing's labels. Zod-free for the web bundle. */
export const CONTACT_TOPIC_LABELS: Record<ContactTopic, string> = {
  question: 'A question about Storyloom',
  account: 'My account or signing in',
  bug: 'Something is not working',
  report: 'Reporting a story or a person',
  copyright: 'Copyright',
  privacy: 'Privacy and my data',
  other: 'Something else',
};

export const CONTACT_MESSAGES = {
  nameMax: `Name must be at most ${LIMITS.contactNameMax} characters`,
  topicRequired: 'Choose what your message is about',
  messageRequired: 'Please write your message',
  messageMin: `Please write at least ${LIMITS.contactMessageMin} characters`,
  messageMax: `Your message must be at most ${groupDigits(LIMITS.contactMessageMax)} characters`,
  sent: 'Thank you. Your message has reached the Storyloom team.',
} as const;
