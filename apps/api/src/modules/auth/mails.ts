import type { UserRow } from '../../db/types.js';
import type { Mail } from '../../lib/mailer.js';

type Recipient = Pick<UserRow, 'email' | 'username'>;

/** The messages an account gets. Links carry one-time tokens: they are never logged. */
export function verificationMail(publicUrl: string, user: Recipient, token: string): Mail {
  const link = `${publicUrl}/auth/verify-email?token=${token}`;
  return {
    to: user.email,
    subject: 'Verify your Storyloom email',
    text: `Hi ${user.username},\n\nWelcome to Storyloom! Confirm your email address by opening this link:\n\n${link}\n\nThe link works once and expires in 24 hours. If you did not sign up, ignore this message.\n`,
    link,
  };
}

export function passwordResetMail(publicUrl: string, user: Recipient, token: string): Mail {
  const link = `${publicUrl}/auth/reset-password?token=${token}`;
  return {
    to: user.email,
    subject: 'Reset your Storyloom password',
    text: `Hi ${user.username},\n\nSomeone asked to reset the password of your Storyloom account. To choose a new password, open:\n\n${link}\n\nThe link works once and expires in 1 hour. If it wasn't you, ignore this message; your password stays the same.\n`,
    link,
  };
}

export function loginAlertMail(
  publicUrl: string,
  user: Recipient,
  sign: { device: string; network: string; at: string },
): Mail {
  const where = sign.network ? ` (network ${sign.network})` : '';
  const when = `${sign.at.replace('T', ' ').slice(0, 16)} UTC`;
  return {
    to: user.email,
    subject: 'New sign-in to your Storyloom account',
    text: `Hi ${user.username},\n\nYour Storyloom account was just signed into from ${sign.device}${where} at ${when}.\n\nIf this was you, there is nothing to do. If it wasn't, change your password and sign out the sessions you don't recognise in Settings → Security: ${publicUrl}/settings\n`,
  };
}
