import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { CONTACT_MESSAGES, CONTACT_TOPICS } from '../messages-contact.js';
import { multiLine, singleLine } from '../messages-stories.js';
import { emailField } from './auth.js';
import { isoDate } from './common.js';

/**
 * `POST /contact`: a message for the site's staff, from anyone. The name may be left out; the
 * email is where the staff answer; text is plain (controls and bidi overrides dropped).
 */
export const contactBody = z.object({
  name: z
    .string()
    .overwrite(singleLine)
    .max(LIMITS.contactNameMax, CONTACT_MESSAGES.nameMax)
    .nullish()
    .transform((v) => v || null),
  email: emailField,
  topic: z.enum(CONTACT_TOPICS, { message: CONTACT_MESSAGES.topicRequired }),
  message: z
    .string({ message: CONTACT_MESSAGES.messageRequired })
    .overwrite(multiLine)
    .min(1, CONTACT_MESSAGES.messageRequired)
    .min(LIMITS.contactMessageMin, CONTACT_MESSAGES.messageMin)
    .max(LIMITS.contactMessageMax, CONTACT_MESSAGES.messageMax),
});
export type ContactBody = z.infer<typeof contactBody>;
/** What the form holds before it is checked (every field a string; the name may be blank). */
export type ContactInput = z.input<typeof contactBody>;

/** The stored message as its sender may see it: that it arrived, and when. */
export const contactReceipt = z
  .object({ id: z.string(), created_at: isoDate })
  .meta({ id: 'ContactReceipt' });
export type ContactReceipt = z.infer<typeof contactReceipt>;
