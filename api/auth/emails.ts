/**
 * Account emails. Links point at the site pages of DESIGN §4a (`/verify-email?token=…`,
 * `/reset-password?token=…`) on PUBLIC_BASE_URL.
 */
import type { Config } from '../config.ts';
import { composeMail } from '../mail/compose.ts';
import type { MailMessage } from '../mail/mailer.ts';

type MailConfig = Pick<Config, 'publicBaseUrl' | 'productName'>;

function message(
  to: string,
  kind: string,
  subject: string,
  lines: string[],
  link?: { url: string; label: string },
): MailMessage {
  return composeMail({ to, kind, subject, lines, link });
}

export function verifyEmailMessage(config: MailConfig, to: string, token: string): MailMessage {
  const url = `${config.publicBaseUrl}/verify-email?token=${encodeURIComponent(token)}`;
  return message(
    to,
    'verify_email',
    `Confirm your email for ${config.productName}`,
    [
      `Thanks for signing up to ${config.productName}.`,
      'Confirm your email address to finish creating your account. The link works once and expires in 24 hours.',
      "If you didn't sign up, you can ignore this email.",
    ],
    { url, label: 'Confirm your email' },
  );
}

export function existingAccountMessage(config: MailConfig, to: string): MailMessage {
  return message(
    to,
    'signup_existing',
    `You already have a ${config.productName} account`,
    [
      `Someone tried to sign up to ${config.productName} with this email address, which already has an account.`,
      "If it was you, sign in, or reset your password if you've forgotten it. If it wasn't you, you can ignore this email.",
    ],
    { url: `${config.publicBaseUrl}/login`, label: 'Sign in' },
  );
}

export function resetPasswordMessage(config: MailConfig, to: string, token: string): MailMessage {
  const url = `${config.publicBaseUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return message(
    to,
    'reset_password',
    `Reset your ${config.productName} password`,
    [
      'We received a request to reset your password.',
      'Choose a new password with the link below. It works once and expires in 1 hour.',
      "If you didn't ask for this, you can ignore this email: your password stays the same.",
    ],
    { url, label: 'Reset your password' },
  );
}
