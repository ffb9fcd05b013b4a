/**
 * The sandbox's AU BECS Direct Debit, as Stripe behaves: Stripe's test accounts (BSB 000-000:
 * 000123456 succeeds after the delay, 111111113 fails account_closed, 111111116 insufficient_funds,
 * 222222227 is disputed), any other account refused; a token previews the bank account and carries
 * the customer's acceptance of the mandate, without which no debit is made; an intent allows a bank
 * debit only when asked (`allowed_payment_method_types`) and only in AUD; a debit is `processing`
 * (cannot be canceled) until the delay is over, then succeeds or fails with the events Stripe sends.
 * On both dialects (the sandbox's own database on PostgreSQL too), and an older sandbox database
 * gains the new columns when opened.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../api/logger.ts';
import { openSqlite } from '../../api/db/database.ts';
import type { CreateIntentInput } from '../../api/ports/payment-provider.ts';
import { SandboxProvider } from '../../api/sandbox/provider/sandbox-provider.ts';
import { createTestApp, json, TestClock, type TestApp } from '../support/app.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { sandboxDatabaseEnv, sandboxOf } from '../support/sandbox.ts';
import { BANK_ACCOUNTS, bankToken } from './support/bank-debit.ts';
import { cardToken } from './support/payments.ts';

const skip = await skipPostgres();
const ACCOUNT = 'acct_sandboxBankDebits';
let seq = 0;

describe.skipIf(skip)(`sandbox bank debits (${testDialect})`, () => {
  let t: TestApp;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const where = await sandboxDatabaseEnv();
    drop = where.drop;
    t = await createTestApp({
      env: { ...where.env, SANDBOX_BECS_DELAY_SECONDS: '30' },
      autoDeliverEvents: false,
    });
  });
  afterAll(async () => {
    await t?.close();
    await drop?.();
  });

  const create = (token: string, over: Partial<CreateIntentInput> = {}) =>
    t.deps.payments.createIntent({
      amount: 500_000,
      currency: 'aud',
      applicationFeeAmount: 6250,
      connectedAccountId: ACCOUNT,
      description: 'Invoice: INV-BECS',
      metadata: { paymentId: `pay-becs-${++seq}` },
      idempotencyKey: `becs-key-${seq}`,
      confirmationToken: token,
      returnUrl: 'http://127.0.0.1:8787/payment-complete',
      paymentMethodTypes: ['au_becs_debit'],
      ...over,
    });
  const eventsOf = async (intentId: string) =>
    (
      await sandboxOf(t)
        .ctx.db.selectFrom('sandbox_events')
        .select(['type', 'payload'])
        .orderBy('seq')
        .execute()
    )
      .map((e) => ({ type: e.type, object: JSON.parse(e.payload).data.object }))
      .filter((e) => e.object.id === intentId || e.object.payment_intent === intentId);

  it('checks the bank details as Stripe does and takes only its test accounts', async () => {
    const make = (
      au: Record<string, string>,
      billing: Record<string, string> = { name: 'Jo', email: 'jo@b.test' },
    ) =>
      json(t.app, 'POST', '/api/sandbox/confirmation_tokens', {
        payment_method_data: { type: 'au_becs_debit', au_becs_debit: au, billing_details: billing },
        stripe_account: ACCOUNT,
      });
    const bsb = await make({ bsb_number: '12-345', account_number: '000123456' });
    expect([bsb.status, bsb.body.error.code]).toEqual([400, 'invalid_bsb_number']);
    const number = await make({ bsb_number: '000-000', account_number: '12' });
    expect(number.body.error.code).toBe('invalid_bank_account_number');
    const real = await make({ bsb_number: '062-000', account_number: '12345678' });
    expect(real.body.error).toMatchObject({
      code: 'test_mode_live_bank_account',
      message: 'Test mode: use a test bank account (BSB 000-000, account number 000123456)',
    });
    const noEmail = await make({ bsb_number: '000-000', account_number: '000123456' }, { name: 'Jo' });
    expect(noEmail.body.error.code).toBe('email_invalid');
    // The account number is never stored, only its last four digits.
    const rows = await sandboxOf(t).ctx.db.selectFrom('sandbox_payment_methods').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain('000123456');
    const listed = await json(t.app, 'GET', '/api/sandbox/test-bank-accounts');
    expect(listed.body.data.map((a: { account_number: string }) => a.account_number)).toEqual([
      '000123456',
      '111111113',
      '111111116',
      '222222227',
    ]);
  });

  it('previews the bank account and the accepted mandate; no mandate, no debit', async () => {
    const token = await bankToken(t, ACCOUNT);
    expect(await t.deps.payments.retrieveConfirmationToken(token, ACCOUNT)).toMatchObject({
      type: 'au_becs_debit',
      card: null,
      bankAccount: { bsb: '000000', last4: '3456' },
      billingEmail: 'jordan@builders.test',
      mandateAccepted: true,
    });
    const bare = await bankToken(t, ACCOUNT, BANK_ACCOUNTS.succeeds, { mandate: false });
    expect((await t.deps.payments.retrieveConfirmationToken(bare, ACCOUNT)).mandateAccepted).toBe(false);
    await expect(create(bare)).rejects.toMatchObject({ code: 'parameter_missing', param: 'mandate_data' });
  });

  it('allows a bank debit only when the intent asks for it, and only in AUD', async () => {
    await expect(
      create(await bankToken(t, ACCOUNT), { paymentMethodTypes: undefined }),
    ).rejects.toMatchObject({
      code: 'payment_intent_incompatible_payment_method',
    });
    await expect(create(await bankToken(t, ACCOUNT), { currency: 'nzd' })).rejects.toMatchObject({
      code: 'payment_intent_invalid_currency',
    });
    // And a card is refused by an intent that allows only bank debits.
    await expect(create(await cardToken(t, ACCOUNT))).rejects.toMatchObject({
      code: 'payment_intent_incompatible_payment_method',
    });
  });

  it.each([
    [BANK_ACCOUNTS.succeeds, 'succeeded', ['payment_intent.processing', 'payment_intent.succeeded']],
    [
      BANK_ACCOUNTS.accountClosed,
      'requires_payment_method',
      ['payment_intent.processing', 'payment_intent.payment_failed'],
    ],
    [
      BANK_ACCOUNTS.insufficientFunds,
      'requires_payment_method',
      ['payment_intent.processing', 'payment_intent.payment_failed'],
    ],
    [
      BANK_ACCOUNTS.disputed,
      'succeeded',
      ['payment_intent.processing', 'payment_intent.succeeded', 'charge.dispute.created'],
    ],
  ])('account %s: processing for the delay, then %s', async (accountNumber, final, types) => {
    const intent = await create(await bankToken(t, ACCOUNT, accountNumber));
    expect(intent).toMatchObject({
      status: 'processing',
      bankAccount: { bsb: '000000', last4: accountNumber.slice(-4) },
      billingEmail: 'jordan@builders.test',
      clientSecret: expect.any(String),
    });
    expect(intent.bankAccount?.mandate).toMatch(/^mandate_/);
    // A debit under way cannot be canceled: the intent comes back as it stands.
    expect((await t.deps.payments.cancelIntent(intent.id, ACCOUNT)).status).toBe('processing');
    const s = sandboxOf(t);
    t.clock.advance(29_000);
    expect((await s.settleDueDebits()).settled).toBe(0);
    t.clock.advance(2_000);
    expect((await s.settleDueDebits()).settled).toBe(1);
    const after = await t.deps.payments.retrieveIntent(intent.id, ACCOUNT);
    expect(after.status).toBe(final);
    if (final !== 'succeeded')
      expect(after.lastError).toMatchObject({
        code: accountNumber === BANK_ACCOUNTS.accountClosed ? 'account_closed' : 'insufficient_funds',
      });
    const events = await eventsOf(intent.id);
    expect(events.map((e) => e.type)).toEqual(types);
    if (types.includes('charge.dispute.created'))
      expect(events.find((e) => e.type === 'charge.dispute.created')?.object).toMatchObject({
        object: 'dispute',
        reason: 'debit_not_authorized',
        amount: 500_000,
      });
  });
});

describe('sandbox database upgrade', () => {
  it('adds the bank debit columns to a sandbox database made before them, keeping its rows', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sandbox-')), 'sandbox.db');
    const old = openSqlite(file);
    await sql`CREATE TABLE sandbox_payment_methods (id TEXT PRIMARY KEY, account_id TEXT, test_card TEXT NOT NULL,
      brand TEXT NOT NULL, last4 TEXT NOT NULL, funding TEXT NOT NULL, country TEXT NOT NULL, created BIGINT NOT NULL)`.execute(
      old.db,
    );
    await sql`INSERT INTO sandbox_payment_methods VALUES ('pm_old', NULL, 'visa', 'visa', '4242', 'credit', 'US', 1)`.execute(
      old.db,
    );
    await old.close();
    const sandbox = await SandboxProvider.open({
      databaseUrl: `sqlite:${file}`,
      baseUrl: 'http://127.0.0.1:8787',
      clock: new TestClock(),
      logger: createLogger('silent'),
      deliver: async () => 200,
      autoDeliver: false,
    });
    try {
      const pm = await sandbox.ctx.db
        .selectFrom('sandbox_payment_methods')
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(pm).toMatchObject({ id: 'pm_old', type: 'card', bsb_number: null });
      const intents = await sql<{
        name: string;
      }>`SELECT name FROM pragma_table_info('sandbox_payment_intents')`.execute(sandbox.ctx.db);
      expect(intents.rows.map((c) => c.name)).toEqual(expect.arrayContaining(['settles_at', 'mandate_id']));
    } finally {
      await sandbox.close();
    }
  });
});
