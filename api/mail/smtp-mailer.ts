/**
 * SMTP delivery through nodemailer (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). The
 * outcome is recorded in `emails` (sent or failed with the error) but not the body: delivered
 * mail holds live verification and reset links, which must not sit readable in the database.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { recordEmail, type MailMessage, type Mailer, type MailerDeps } from './mailer.ts';

export class SmtpMailer implements Mailer {
  readonly #deps: MailerDeps;
  readonly #transport: Transporter;

  constructor(deps: MailerDeps, smtpUrl: string) {
    this.#deps = deps;
    this.#transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    const record = { ...message, text: '(body not stored: delivered by SMTP)', html: undefined };
    try {
      await this.#transport.sendMail({
        from: this.#deps.config.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await recordEmail(this.#deps, record, 'sent');
    } catch (err) {
      const error = (err as Error).message.slice(0, 500);
      await recordEmail(this.#deps, record, 'failed', error);
      this.#deps.logger.error({ to: message.to, kind: message.kind, error }, 'email delivery failed');
    }
  }
}
