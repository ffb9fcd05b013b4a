/**
 * Outgoing mail behind one small interface. `createMailer` (create-mailer.ts) picks SMTP (nodemailer) when SMTP_URL is
 * set, otherwise the capture mailer, which stores each message in the `emails` table and logs it so
 * verification and reset links work offline and in tests. Either way the message is recorded.
 *
 * @example await deps.mailer.send({ to: 'ann@acme.test', subject: 'Confirm your email', text, kind: 'verify_email' });
 */
import type { AppDatabase } from '../db/database.ts';
import { inWriteTransaction } from '../db/group-commit.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { newRowId } from '../db/row-id.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the message is for, e.g. 'verify_email', 'reset_password', 'signup_existing'. */
  kind: string;
}

export interface Mailer {
  /** Sends (or captures) the message. Never throws for delivery failures: they are recorded and logged. */
  send(message: MailMessage): Promise<void>;
}

export interface MailerDeps {
  config: Pick<Config, 'smtpUrl' | 'mailFrom'> & Partial<Pick<Config, 'mailTransport' | 'nodeEnv'>>;
  database: AppDatabase;
  logger: Logger;
  clock: Clock;
}

export async function recordEmail(
  deps: MailerDeps,
  message: MailMessage,
  status: 'captured' | 'sent' | 'failed',
  error: string | null = null,
): Promise<string> {
  const id = newRowId();
  // Grouped with concurrent writes under one commit on SQLite (its sync off the event loop).
  await inWriteTransaction(deps.database, (trx) =>
    trx
      .insertInto('emails')
      .values({
        id,
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html ?? null,
        kind: message.kind,
        status,
        error,
        created_at: deps.clock.now().toISOString(),
      })
      .execute(),
  );
  return id;
}
