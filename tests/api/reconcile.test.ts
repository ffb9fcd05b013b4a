/**
 * Reconciliation after a restore (issue 48): a ledger that lacks charges the provider made — here,
 * the provider's charges of a merchant were made through two ledgers: the "restored" one, which has
 * the two made before the backup, and the lost one, which had the three made after — lists exactly
 * those three as missing, through `POST /api/admin/tools/reconcile` and `npm run reconcile`. A payment
 * whose outcome the ledger lacks is listed as `status` and, with `record`, gets the provider's word.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite, type AppDatabase } from '../../api/db/database.ts';
import { migrate } from '../../api/migrations.ts';
import { runReconcile } from '../../api/reconcile-cli.ts';
import { adminHeaders } from '../support/auth.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import {
  authenticate,
  CARDS,
  createConnectedMerchant,
  openSession,
  quoteAndPay,
} from './support/payments.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`reconcile (${testDialect})`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'invoicepay-reconcile-'));
  // One provider (a sandbox file both apps use), two ledgers.
  const env = { SANDBOX_DATABASE_URL: `sqlite:${join(dir, 'sandbox.db')}` };
  let restored: TestApp;
  let lost: TestApp;
  let account: string;
  const later: string[] = [];
  const earlier: string[] = [];

  const pay = async (t: TestApp, merchantId: string, invoice: string) => {
    const s = (await openSession(t, { merchant: merchantId, invoice, amount: '300.00' })).body;
    const { res } = await quoteAndPay(t, { account, amount: 10000, paySessionId: s.paySessionId });
    expect(res.body.status, JSON.stringify(res.body)).toBe('succeeded');
    return res.body.paymentId as string;
  };

  beforeAll(async () => {
    // On SQLite the restored ledger is a file, so `npm run reconcile` can open it too.
    let database: AppDatabase | undefined;
    if (testDialect === 'sqlite') {
      database = openSqlite(join(dir, 'ledger.db'));
      await migrate(database);
    }
    restored = await createTestApp({ env, autoDeliverEvents: false, database });
    lost = await createTestApp({ env, autoDeliverEvents: false });
    const merchant = await createConnectedMerchant(restored);
    account = merchant.stripe_account_id!;
    await createConnectedMerchant(lost, {
      id: merchant.id,
      stripe_account_id: account,
      business_name: merchant.business_name,
    });
    for (let i = 0; i < 2; i++) earlier.push(await pay(restored, merchant.id, `INV-RC-${i}`));
    for (let i = 2; i < 5; i++) later.push(await pay(lost, merchant.id, `INV-RC-${i}`));
  });
  afterAll(async () => {
    await restored?.close();
    await lost?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists exactly the charges the restored ledger lacks', async () => {
    const since = new Date(restored.clock.now().getTime() - 86_400_000).toISOString();
    const res = await json(
      restored.app,
      'POST',
      '/api/admin/tools/reconcile',
      { since },
      await adminHeaders(restored),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.intents).toBe(5);
    expect(res.body.findings.map((f: { problem: string }) => f.problem)).toEqual([
      'missing',
      'missing',
      'missing',
    ]);
    expect(res.body.findings.map((f: { paymentId: string }) => f.paymentId).sort()).toEqual(
      [...later].sort(),
    );
    expect(res.body.findings[0]).toMatchObject({
      providerStatus: 'succeeded',
      amount: expect.any(Number),
      ledger: null,
    });
  });

  it('is the console admin’s alone', async () => {
    const res = await json(restored.app, 'POST', '/api/admin/tools/reconcile', { since: '2026-01-01' });
    expect(res.status).toBe(401);
  });

  it('applies the provider’s word where the ledger lacks only the outcome, with record', async () => {
    const db = restored.deps.database.db;
    // A 3-D Secure payment the customer completed while its webhook was lost (not delivered here).
    const merchantId = (await db.selectFrom('merchants').select('id').executeTakeFirstOrThrow()).id;
    const s = (await openSession(restored, { merchant: merchantId, invoice: 'INV-RC-3DS', amount: '300.00' }))
      .body;
    const { res } = await quoteAndPay(restored, {
      account,
      amount: 10000,
      paySessionId: s.paySessionId,
      card: CARDS.threeDSecure,
    });
    expect(res.body.status).toBe('requires_action');
    expect((await authenticate(restored, res.body)).status).toBe(200);
    const since = new Date(restored.clock.now().getTime() - 86_400_000).toISOString();
    const admin = await adminHeaders(restored);
    const listed = await json(restored.app, 'POST', '/api/admin/tools/reconcile', { since }, admin);
    expect(listed.body.findings.filter((f: { problem: string }) => f.problem === 'status')).toEqual([
      expect.objectContaining({
        paymentId: res.body.paymentId,
        providerStatus: 'succeeded',
        recorded: false,
        ledger: expect.objectContaining({ status: 'requires_action' }),
      }),
    ]);
    const recorded = await json(
      restored.app,
      'POST',
      '/api/admin/tools/reconcile',
      { since, record: true },
      admin,
    );
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    expect(recorded.body.findings.filter((f: { recorded: boolean }) => f.recorded)).toHaveLength(1);
    const payment = await db
      .selectFrom('payments')
      .select('status')
      .where('id', '=', res.body.paymentId)
      .executeTakeFirst();
    expect(payment?.status).toBe('succeeded');
    const audit = await db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'payments.reconcile')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('npm run reconcile prints the same and exits 3 when something is listed', async () => {
    if (testDialect !== 'sqlite') return; // the command opens DATABASE_URL itself: a file here
    const lines: string[] = [];
    const errors: string[] = [];
    const code = await runReconcile(
      ['--since', new Date(restored.clock.now().getTime() - 86_400_000).toISOString()],
      {
        DATABASE_URL: `sqlite:${join(dir, 'ledger.db')}`,
        SANDBOX_DATABASE_URL: env.SANDBOX_DATABASE_URL,
        JWT_SECRET: 'j'.repeat(40),
        ENCRYPTION_KEY: 'e'.repeat(40),
        LOG_LEVEL: 'silent',
      },
      { log: (l) => lines.push(l), error: (l) => errors.push(l) },
    );
    expect(errors).toEqual([]);
    expect(code).toBe(3);
    expect(lines.at(-1)).toMatch(/^3 finding\(s\) in 6 intent\(s\) on 1 account\(s\)/);
    for (const id of later)
      expect(lines.filter((l) => l.startsWith('missing') && l.includes(id))).toHaveLength(1);
    const usage: string[] = [];
    expect(await runReconcile([], {}, { log: () => {}, error: (l) => usage.push(l) })).toBe(2);
    expect(usage.join('\n')).toMatch(/--since/);
  });
});
