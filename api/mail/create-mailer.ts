/** SMTP when SMTP_URL is set, otherwise capture to the `emails` table and the log. */
import { CaptureMailer } from './capture-mailer.ts';
import type { Mailer, MailerDeps } from './mailer.ts';
import { SmtpMailer } from './smtp-mailer.ts';

export function createMailer(deps: MailerDeps): Mailer {
  return deps.config.smtpUrl ? new SmtpMailer(deps, deps.config.smtpUrl) : new CaptureMailer(deps);
}
