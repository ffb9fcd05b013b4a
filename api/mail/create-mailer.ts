/**
 * The transport MAIL_TRANSPORT names: SMTP (SMTP_URL), capture to the `emails` table (and, outside
 * production, the log with the text), or the log alone (never the text: it holds links with tokens).
 */
import { CaptureMailer } from './capture-mailer.ts';
import { LogMailer } from './log-mailer.ts';
import type { Mailer, MailerDeps } from './mailer.ts';
import { SmtpMailer } from './smtp-mailer.ts';

export function createMailer(deps: MailerDeps): Mailer {
  const { smtpUrl, mailTransport } = deps.config;
  const transport = mailTransport ?? (smtpUrl ? 'smtp' : 'capture');
  if (transport === 'smtp' && smtpUrl) return new SmtpMailer(deps, smtpUrl);
  return transport === 'log' ? new LogMailer(deps) : new CaptureMailer(deps);
}
