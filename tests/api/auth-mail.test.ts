/**
 * Account mail on this dialect: without SMTP_URL it is captured in `emails` and logged; with it,
 * nodemailer delivers to the SMTP server (a local fake on 127.0.0.1 that records the dialogue), the
 * outcome is recorded without the body, and a delivery failure is recorded, not thrown.
 */
import { createServer, type AddressInfo, type Server } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../api/logger.ts';
import { createMailer } from '../../api/mail/create-mailer.ts';
import { backgroundSettled } from '../../api/background.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { createUser } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';

const skip = await skipPostgres();

/**
 * Just enough SMTP for nodemailer: no STARTTLS, no AUTH; records each message's DATA. With `greeting`,
 * a connection is greeted only once it resolves (a slow mail server).
 */
function fakeSmtp(greeting: Promise<void> = Promise.resolve()): Promise<{
  server: Server;
  port: number;
  messages: Array<{ from: string; to: string[]; data: string }>;
}> {
  const messages: Array<{ from: string; to: string[]; data: string }> = [];
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    void greeting.then(() => socket.write('220 fake.smtp ESMTP\r\n'));
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let idx: number;
      while ((idx = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, idx);
        buffer = buffer.slice(idx + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(current);
            current = { from: '', to: [], data: '' };
            socket.write('250 OK queued\r\n');
          } else current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') socket.write('250-fake.smtp\r\n250 8BITMIME\r\n');
        else if (cmd === 'MAIL') ((current.from = line), socket.write('250 OK\r\n'));
        else if (cmd === 'RCPT') (current.to.push(line), socket.write('250 OK\r\n'));
        else if (cmd === 'DATA') ((inData = true), socket.write('354 go ahead\r\n'));
        else if (cmd === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as AddressInfo).port, messages }),
    ),
  );
}

describe.skipIf(skip)(`account mail (${testDialect})`, () => {
  let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await fakeSmtp();
    t = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'InvoicePay <no-reply@invoicepay.test>' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((r) => smtp?.server.close(r));
  });

  it('delivers the confirmation email over SMTP and records it without the link', async () => {
    const res = await json(t.app, 'POST', '/api/auth/signup', {
      email: 'smtp@acme.example',
      password: 'password1',
    });
    expect(res.status).toBe(201);
    expect(smtp.messages).toHaveLength(1);
    const [message] = smtp.messages;
    expect(message.from).toContain('no-reply@invoicepay.test');
    expect(message.to[0]).toContain('smtp@acme.example');
    expect(message.data).toMatch(/Subject: Confirm your email for InvoicePay/);
    expect(message.data.replace(/=\n/g, '').replace(/=3D/g, '=')).toMatch(
      /http:\/\/127\.0\.0\.1:8787\/verify-email\?token=[A-Za-z0-9_-]{43}/,
    );
    const row = await t.deps.database.db
      .selectFrom('emails')
      .selectAll()
      .where('to_address', '=', 'smtp@acme.example')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', kind: 'verify_email', error: null, html_body: null });
    expect(row.text_body).not.toContain('token=');
  });

  it('records a delivery failure instead of failing the request', async () => {
    const closed = await fakeSmtp();
    await new Promise((r) => closed.server.close(r));
    const mailer = createMailer({
      config: { smtpUrl: `smtp://127.0.0.1:${closed.port}`, mailFrom: 'x@y.test' },
      database: t.deps.database,
      logger: t.deps.logger,
      clock: t.clock,
    });
    await expect(
      mailer.send({ to: 'down@acme.example', subject: 'Hi', text: 'Hello', kind: 'test' }),
    ).resolves.toBeUndefined();
    const row = await t.deps.database.db
      .selectFrom('emails')
      .selectAll()
      .where('to_address', '=', 'down@acme.example')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/ECONNREFUSED|connect/i);
  });

  it('without SMTP_URL, captures the message in the table and the log', async () => {
    const lines: string[] = [];
    const logger = createLogger(
      'info',
      new Writable({ write: (chunk, _e, cb) => (lines.push(String(chunk)), cb()) }) as never,
    );
    const mailer = createMailer({
      config: { smtpUrl: null, mailFrom: 'x@y.test' },
      database: t.deps.database,
      logger,
      clock: t.clock,
    });
    await mailer.send({
      to: 'cap@acme.example',
      subject: 'Reset',
      text: 'Go to http://127.0.0.1:8787/reset-password?token=abc',
      kind: 'reset_password',
    });
    const row = await t.deps.database.db
      .selectFrom('emails')
      .selectAll()
      .where('to_address', '=', 'cap@acme.example')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'captured', subject: 'Reset', kind: 'reset_password' });
    expect(row.text_body).toContain('/reset-password?token=abc');
    const logged = lines.map((l) => JSON.parse(l)).find((l) => l.msg?.startsWith('email captured'));
    expect(logged).toMatchObject({
      to: 'cap@acme.example',
      body: expect.stringContaining('/reset-password?token=abc'),
    });
  });

  it('answers a password reset at once, for an account or not, while the mail server is slow; the link goes once it answers', async () => {
    let answer: () => void = () => {};
    const slow = await fakeSmtp(new Promise<void>((resolve) => (answer = resolve)));
    const app = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${slow.port}`, MAIL_FROM: 'x@y.test' },
    });
    try {
      await createUser(app, { email: 'slow-reset@acme.example' });
      // How long the answer takes must not tell an account from none: neither waits for the mail.
      for (const email of ['slow-reset@acme.example', 'no-account@acme.example']) {
        const res = await Promise.race([
          json(app.app, 'POST', '/api/auth/forgot-password', { email }),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), 2_000)),
        ]);
        expect(res, `${email}: still waiting for the mail server`).not.toBeNull();
        expect(res!.status).toBe(202);
      }
      expect(slow.messages).toHaveLength(0); // on its way
      answer();
      await backgroundSettled(app.deps);
      expect(slow.messages.map((m) => m.to[0])).toEqual([expect.stringContaining('slow-reset@acme.example')]);
      expect(slow.messages[0].data).toMatch(/Subject: Reset your InvoicePay password/);
    } finally {
      answer();
      await app.close();
      await new Promise((r) => slow.server.close(r));
    }
  });
});
