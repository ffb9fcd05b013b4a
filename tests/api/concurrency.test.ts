/**
 * No overpayment under concurrency (DESIGN §3.4): 50 customers open the same invoice at once and
 * each asks for 60 % of the balance. Exactly one reservation is accepted; once confirmed exactly
 * one payment succeeds, and the ledger equals the provider's record. Runs in-process on the
 * project's dialect (SQLite or PostgreSQL), and — on the PostgreSQL project — with two real server
 * processes (`node --import tsx api/main.ts`) sharing one PostgreSQL database. Rate limits are off.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../api/db/database.ts';
import { createLogger } from '../../api/logger.ts';
import { systemClock } from '../../api/context.ts';
import { SandboxProvider } from '../../api/payments/providers/sandbox/sandbox-provider.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createPostgresSchema, skipPostgres, testDialect } from '../support/db.ts';
import {
  CARDS,
  confirmCard,
  createConnectedMerchant,
  createPayment,
  invoiceRow,
  openSession,
  refresh,
  sandbox,
} from './payments-support.ts';

const skip = await skipPostgres();
const CUSTOMERS = 50;
const REJECTION = 'Payment amount cannot exceed the remaining balance of A$400.00.';

describe.skipIf(skip)(`concurrency (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`${CUSTOMERS} customers each asking 60 % of the balance: one reservation, one success, ledger = provider`, async () => {
    const m = await createConnectedMerchant(t);
    const invoice = 'INV-RUSH';
    // The invoice already has a history (a declined attempt), so its ledger row exists before the rush.
    const early = await openSession(t, { merchant: m.id, invoice, amount: '1,000.00' });
    const declined = await createPayment(t, {
      merchantId: m.id,
      amount: 10000,
      invoiceNumber: invoice,
      paySessionId: early.body.paySessionId,
    });
    await confirmCard(t, declined.body, CARDS.declined);
    expect((await refresh(t, declined.body.paymentId)).status).toBe('failed');
    const sessions = await Promise.all(
      Array.from({ length: CUSTOMERS }, () =>
        openSession(t, { merchant: m.id, invoice, amount: '1,000.00' }),
      ),
    );
    expect(sessions.every((s) => s.status === 200 && s.body.invoice.balance === 100000)).toBe(true);
    const results = await Promise.all(
      sessions.map((s) =>
        createPayment(t, {
          merchantId: m.id,
          amount: 60000,
          invoiceNumber: invoice,
          paySessionId: s.body.paySessionId,
        }),
      ),
    );
    const accepted = results.filter((r) => r.status === 200);
    expect(accepted).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.every((r) => r.status === 422 && r.body.error.message === REJECTION)).toBe(true);

    // Every customer confirms whatever they hold; only the accepted one has anything to confirm.
    await confirmCard(t, accepted[0].body, CARDS.visa);
    expect((await refresh(t, accepted[0].body.paymentId)).status).toBe('succeeded');

    const payments = await t.deps.database.db
      .selectFrom('payments')
      .selectAll()
      .where('merchant_id', '=', m.id)
      .execute();
    expect(payments).toHaveLength(2);
    expect(payments.filter((p) => p.status === 'succeeded')).toHaveLength(1);
    let providerCharged = 0;
    for (const p of payments) {
      const intent = await sandbox(t).retrieveIntent(p.payment_intent_id!, p.stripe_connect_account_id!);
      if (intent.status === 'succeeded') providerCharged += intent.amount;
    }
    expect(providerCharged).toBe(payments.find((p) => p.status === 'succeeded')!.total_amount);
    expect(await invoiceRow(t, m.id, invoice)).toMatchObject({
      paid_amount: 60000,
      reserved_amount: 0,
      overpaid: 0,
    });
    expect((await openSession(t, { merchant: m.id, invoice, amount: '1000.00' })).body.invoice.balance).toBe(
      40000,
    );
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitReady(base: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${output()}`);
    try {
      const res = await fetch(`${base}/readyz`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server at ${base} not ready: ${output()}`);
}

describe.skipIf(skip || testDialect !== 'postgres')(
  'concurrency: two server processes on one PostgreSQL database',
  () => {
    const children: ChildProcess[] = [];
    const schemas: Array<{ drop(): Promise<void> }> = [];
    let appUrl = '';
    let sandboxUrl = '';
    const bases: string[] = [];

    beforeAll(async () => {
      const app = await createPostgresSchema();
      const sb = await createPostgresSchema();
      schemas.push(app, sb);
      appUrl = app.url;
      sandboxUrl = sb.url;
      // Started one after the other so the second finds the schema migrated and the demo seed done.
      for (let i = 0; i < 2; i++) {
        const port = await freePort();
        const base = `http://127.0.0.1:${port}`;
        let out = '';
        const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
          cwd: process.cwd(),
          env: {
            PATH: process.env.PATH,
            NODE_ENV: 'test',
            PORT: String(port),
            HOST: '127.0.0.1',
            PUBLIC_BASE_URL: base,
            DATABASE_URL: appUrl,
            SANDBOX_DATABASE_URL: sandboxUrl,
            PAYMENTS_PROVIDER: 'sandbox',
            JWT_SECRET: 'two-process-test-secret-0123456789abcdef',
            ENCRYPTION_KEY: 'two-process-test-encryption-key-0123456789',
            RATE_LIMITS: '0',
            LOG_LEVEL: 'silent',
            STATIC_DIR: 'dist',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child.stdout!.on('data', (d) => (out += d));
        child.stderr!.on('data', (d) => (out += d));
        children.push(child);
        await waitReady(base, child, () => out);
        bases.push(base);
      }
    }, 120_000);

    afterAll(async () => {
      await Promise.all(
        children.map(
          (c) =>
            new Promise<void>((resolve) => {
              if (c.exitCode !== null) return resolve();
              c.once('exit', () => resolve());
              c.kill('SIGTERM');
              setTimeout(() => c.kill('SIGKILL'), 8000).unref();
            }),
        ),
      );
      for (const s of schemas) await s.drop().catch(() => {});
    }, 30_000);

    it(`${CUSTOMERS} customers spread over both processes: one reservation, one success, ledger = provider`, async () => {
      const db = openPostgres(appUrl, 2);
      const provider = await SandboxProvider.open({
        databaseUrl: sandboxUrl,
        baseUrl: bases[0],
        clock: systemClock,
        logger: createLogger('silent'),
        deliver: async () => 0,
        autoDeliver: false,
      });
      try {
        const id = crypto.randomUUID();
        const now = new Date().toISOString();
        const account = `acct_two${id.replace(/-/g, '').slice(0, 12)}`;
        await db.db
          .insertInto('merchants')
          .values({
            id,
            shortcode: id.slice(0, 8),
            business_name: 'Two Process Timber',
            name: 'Pat',
            email: 'pat@timber.test',
            stripe_account_id: account,
            stripe_charges_enabled: 1,
            stripe_onboarding_complete: 1,
            created_at: now,
            last_updated: now,
          })
          .execute();
        const invoice = 'INV-TWO-PROC';
        // The invoice's ledger row exists before the rush (the race is on an existing row, not on its creation).
        await db.db
          .insertInto('invoices')
          .values({
            id: crypto.randomUUID(),
            merchant_id: id,
            invoice_number: invoice,
            number_key: invoice.toLowerCase(),
            currency: 'AUD',
            created_at: now,
            updated_at: now,
          })
          .execute();
        const query = new URLSearchParams({ merchant: id, invoice, amount: '1000.00', currency: 'AUD' });
        const sessions = await Promise.all(
          Array.from({ length: CUSTOMERS }, (_, i) =>
            fetch(`${bases[i % 2]}/api/pay/session?${query}`).then((r) => r.json()),
          ),
        );
        const results = await Promise.all(
          sessions.map((s, i) =>
            fetch(`${bases[(i + 1) % 2]}/api/payments/create-payment-intent`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                merchantId: id,
                amount: 60000,
                currency: 'aud',
                invoiceNumber: invoice,
                paySessionId: s.paySessionId,
              }),
            }).then(async (r) => ({ status: r.status, body: await r.json() })),
          ),
        );
        const accepted = results.filter((r) => r.status === 200);
        expect(accepted).toHaveLength(1);
        expect(results.filter((r) => r.status === 422 && r.body.error.message === REJECTION)).toHaveLength(
          CUSTOMERS - 1,
        );

        // The browser confirms with the provider; the other process applies it.
        const created = accepted[0].body;
        const pm = await provider.createPaymentMethod({
          number: CARDS.visa,
          expMonth: 12,
          expYear: 2034,
          cvc: '123',
          account: created.stripeConnectAccountId,
        });
        await provider.confirmIntent({
          intentId: created.paymentIntentId,
          clientSecret: created.clientSecret,
          paymentMethodId: pm.id,
        });
        const state = await fetch(`${bases[1]}/api/pay/payments/${created.paymentId}/refresh`, {
          method: 'POST',
        }).then((r) => r.json());
        expect(state.status).toBe('succeeded');

        const payments = await db.db
          .selectFrom('payments')
          .selectAll()
          .where('merchant_id', '=', id)
          .execute();
        expect(payments).toHaveLength(1);
        const intent = await provider.retrieveIntent(payments[0].payment_intent_id!, account);
        expect(intent).toMatchObject({ status: 'succeeded', amount: payments[0].total_amount });
        const inv = await db.db
          .selectFrom('invoices')
          .selectAll()
          .where('merchant_id', '=', id)
          .executeTakeFirstOrThrow();
        expect(inv).toMatchObject({ paid_amount: 60000, reserved_amount: 0, overpaid: 0 });
      } finally {
        await provider.close();
        await db.close();
      }
    });
  },
);
