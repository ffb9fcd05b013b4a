/**
 * The offline mailer: each message goes to the `emails` table and the log (with its text outside
 * production, so the link in it can be followed in development). Used when SMTP_URL is not set, or
 * with MAIL_TRANSPORT=capture (demos and test harnesses; in production the log never has the text).
 */
import { recordEmail, type MailMessage, type Mailer, type MailerDeps } from './mailer.ts';

export class CaptureMailer implements Mailer {
  readonly #deps: MailerDeps;
  constructor(deps: MailerDeps) {
    this.#deps = deps;
  }

  async send(message: MailMessage): Promise<void> {
    const id = await recordEmail(this.#deps, message, 'captured');
    const body = this.#deps.config.nodeEnv === 'production' ? undefined : message.text;
    this.#deps.logger.info(
      { emailId: id, to: message.to, subject: message.subject, kind: message.kind, body },
      'email captured (SMTP_URL not set)',
    );
  }
}
