import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/index.js';
import type { JobInfo } from '../../jobs/queue.js';
import type { Mailer } from '../../lib/mailer.js';
import { findUserByEmail } from '../users/repo.js';
import { issueEmailToken } from './email-tokens.js';
import { passwordResetMail } from './mails.js';

/** `POST /auth/forgot-password` only enqueues this, whether or not the email has an account. */
export const passwordResetPayload = z.object({ email: z.string() });

/**
 * The work of a reset request, off the request path so that the answer takes the same time
 * for any email: find the account, issue its link and deliver the mail (keyed by the job, so
 * a run again after a crash replaces the message; the newer link is the one that works).
 */
export function passwordResetJob(deps: {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  mailer: Mailer;
}) {
  return async ({ email }: z.infer<typeof passwordResetPayload>, job: JobInfo): Promise<void> => {
    const user = await findUserByEmail(deps.db.kysely, email);
    if (!user) return;
    const token = await issueEmailToken(deps.db.kysely, user.id, 'reset_password');
    await deps.mailer.send(passwordResetMail(deps.config.publicUrl, user, token), { id: job.id });
  };
}
