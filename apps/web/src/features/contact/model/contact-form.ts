import {
  CONTACT_TOPICS,
  type ContactBody,
  type ContactTopic,
  contactBody,
} from '@storyloom/shared';
import { fieldErrors } from '../../../lib/api';

export const CONTACT_FIELDS = ['name', 'email', 'topic', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

const isField = (key: unknown): key is ContactField =>
  (CONTACT_FIELDS as readonly unknown[]).includes(key);

/** `?topic=report` preselects a topic (links from the guidelines and terms do). */
export function topicFromQuery(value: string | null): ContactTopic | '' {
  return (CONTACT_TOPICS as readonly string[]).includes(value ?? '') ? (value as ContactTopic) : '';
}

/**
 * The form checked with the API's own schema: the body to send, or the first message per
 * field, in the form's order.
 */
export function checkContact(
  values: ContactValues,
): { body: ContactBody; errors?: never } | { body?: never; errors: ContactErrors } {
  const parsed = contactBody.safeParse(values);
  if (parsed.success) return { body: parsed.data };
  const errors: ContactErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isField(field)) errors[field] ??= issue.message;
  }
  return { errors };
}

/** The server's field errors (`error.details`) for the form's own fields. */
export function serverErrors(details: Parameters<typeof fieldErrors>[0]): ContactErrors {
  const errors: ContactErrors = {};
  for (const [key, message] of Object.entries(fieldErrors(details))) {
    if (isField(key)) errors[key] = message;
  }
  return errors;
}

export const firstInvalid = (errors: ContactErrors): ContactField | undefined =>
  CONTACT_FIELDS.find((field) => errors[field]);
