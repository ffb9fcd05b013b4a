/**
 * MAIL_TRANSPORT=log: a message is recorded in `emails` and logged as sent — who, what kind, the
 * subject — but its text is neither logged nor stored: account mails carry live reset and
 * confirmation links. For a deployment whose mail is not wanted (a staging copy, a load test).
 */
import { recordEmail, type MailMessage, type Mailer, type MailerDeps } from './mailer.ts';

export class LogMailer implements Mailer {
  readonly #deps: MailerDeps;
  constructor(deps: MailerDeps) {
    this.#deps = deps;
  }

  async send(message: MailMessage): Promise<void> {
    const record = { ...message, text: '(body not stored: MAIL_TRANSPORT=log)', html: undefined };
    const id = await recordEmail(this.#deps, record, 'captured');
    this.#deps.logger.info(
      { emailId: id, to: message.to, subject: message.subject, kind: message.kind },
      'email not sent (MAIL_TRANSPORT=log)',
    );
  }
}
