/**
 * Intents whose id we never recorded (the provider's answer was lost, or the process died before
 * writing it) are found again without risking a second charge (DESIGN §3.4): the sweep and a pay
 * session's next attempt ask the provider which intent the attempt's confirmation token confirmed —
 * they never re-send a create-and-confirm — then record its success, or cancel it; a token that
 * confirmed nothing means nothing was charged, and the reservation goes. A retry with the same
 * Idempotency-Key does re-send the create request, byte-for-byte the first (asserted on a local
 * Stripe fake that enforces Stripe's idempotency rule): one key, one charge. Also: migration 001
 * brings a database of the previous schema up to date.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, openSqlite, type AppDatabase } from '../../api/db/database.ts';
import { migrate } from '../../api/migrations.ts';
import { listMigrations, splitStatements } from '../../api/db/migrate.ts';
import { expireReservations } from '../../api/payments/lifecycle/expiry.ts';
import { idempotencyLeaseMs } from '../../api/payments/create/idempotency.ts';
import { createTestApp, testConfig, type TestApp } from '../support/app.ts';
import { createPostgresSchema, skipPostgres, testDialect } from '../support/db.ts';
import {
  startFakeStripe,
  stripeError,
  type FakeStripe,
  type RecordedRequest,
} from '../support/fake-stripe.ts';
import {
  CARDS,
  cardToken,
  createConnectedMerchant,
  createPayment,
  invoiceRow,
  openSession,
  quote,
  sandbox,
} from './support/payments.ts';
import {
  faultyProvider,
  paymentsOf,
  sandboxIntents,
  until,
  type FaultyProvider,
} from './support/recovery.ts';

/** The claim's lease with the test configuration's provider time-outs. */
const LEASE_MS = idempotencyLeaseMs(testConfig());
const skip = await skipPostgres();

describe.skipIf(skip)(`orphaned intents are found and settled (${testDialect})`, () => {
  let t: TestApp;
  let faults: FaultyProvider | null = null;
  let seq = 0;
  beforeAll(async () => {
    // Events only when flushed: the orphan is found by the paths under test, not by its webhook.
    t = await createTestApp({ autoDeliverEvents: false });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => faults?.restore());

  /** A merchant, the provider wrapper, and the body of a quoted payment of 250.00 with `card`. */
  async function setup(app: TestApp = t, card: string = CARDS.threeDSecure) {
    const merchant = await createConnectedMerchant(app);
    faults = faultyProvider(app);
    const invoice = `INV-ORPHAN-${++seq}`;
    const where = { merchantId: merchant.id, invoiceNumber: invoice, amountDue: 100000 };
    const token = await cardToken(app, merchant.stripe_account_id!, card);
    const q = await quote(app, { ...where, amount: 25000, confirmationToken: token });
    const body = { ...where, amount: 25000, confirmationToken: token, quoteId: q.body.quoteId };
    return { merchant, invoice, body, account: merchant.stripe_account_id! };
  }

  it('the sweep finds an intent whose answer was lost through its token, cancels it and releases the reservation', async () => {
    const { merchant, invoice, body, account } = await setup();
    faults!.next.push('lose-answer');
    expect((await createPayment(t, body)).status).toBe(502);
    const [orphan] = faults!.created;
    expect(orphan.status).toBe('requires_action');
    // The intent may exist, so the reservation is kept — for the lease only.
    expect(await paymentsOf(t, merchant.id, invoice)).toMatchObject([
      { status: 'pending', payment_intent_id: null },
    ]);
    expect(await invoiceRow(t, merchant.id, invoice)).toMatchObject({ reserved_amount: 25000 });
    expect(await expireReservations(t.deps)).toMatchObject({ expired: 0 });

    t.clock.advance(LEASE_MS + 1000);
    expect(await expireReservations(t.deps)).toMatchObject({ expired: 1, errors: 0 });
    expect((await sandbox(t).retrieveIntent(orphan.id, account)).status).toBe('canceled');
    expect(await sandboxIntents(t, account)).toHaveLength(1); // found, not a second one made
    expect(await paymentsOf(t, merchant.id, invoice)).toMatchObject([
      { status: 'expired', payment_intent_id: orphan.id, reserved_until: null },
    ]);
    expect(await invoiceRow(t, merchant.id, invoice)).toMatchObject({ reserved_amount: 0 });
  });

  it('after a crash before the intent id was written, the sweep after the lease cancels the intent', async () => {
    const { merchant, invoice, body, account } = await setup();
    faults!.next.push('hang');
    void createPayment(t, body);
    await until(async () => faults!.created.length === 1);
    const [orphan] = faults!.created;
    t.clock.advance(LEASE_MS - 1000);
    expect(await expireReservations(t.deps)).toMatchObject({ expired: 0 });
    t.clock.advance(2000);
    expect(await expireReservations(t.deps)).toMatchObject({ expired: 1 });
    expect((await sandbox(t).retrieveIntent(orphan.id, account)).status).toBe('canceled');
    expect(await paymentsOf(t, merchant.id, invoice)).toMatchObject([
      { status: 'expired', payment_intent_id: orphan.id },
    ]);
    expect(await invoiceRow(t, merchant.id, invoice)).toMatchObject({ reserved_amount: 0 });
  });

  it('an orphaned intent the provider charged is recorded as succeeded by the sweep, not cancelled', async () => {
    // Events held back: only the sweep can learn of the success.
    const quiet = await createTestApp({ autoDeliverEvents: false });
    try {
      const { merchant, invoice, body, account } = await setup(quiet, CARDS.visa);
      faults!.next.push('lose-answer');
      expect((await createPayment(quiet, body)).status).toBe(502);
      const [orphan] = faults!.created;
      quiet.clock.advance(LEASE_MS + 1000);
      expect(await expireReservations(quiet.deps)).toMatchObject({ succeeded: 1, expired: 0 });
      expect((await sandbox(quiet).retrieveIntent(orphan.id, account)).status).toBe('succeeded');
      expect(await paymentsOf(quiet, merchant.id, invoice)).toMatchObject([
        { status: 'succeeded', payment_intent_id: orphan.id, card_last4: '4242' },
      ]);
      expect(await invoiceRow(quiet, merchant.id, invoice)).toMatchObject({
        paid_amount: 25000,
        reserved_amount: 0,
      });
    } finally {
      faults?.restore();
      faults = null;
      await quiet.close();
    }
  });

  it("a pay session's next attempt replaces one whose answer was lost: its intent cancelled, the balance free", async () => {
    const { merchant, invoice, account } = await setup();
    const session = (await openSession(t, { merchant: merchant.id, invoice, amount: '250.00' })).body;
    const attempt = async (card: string) => {
      const token = await cardToken(t, account, card);
      const q = await quote(t, {
        paySessionId: session.paySessionId,
        amount: 25000,
        confirmationToken: token,
      });
      expect(q.status, JSON.stringify(q.body)).toBe(200);
      return createPayment(t, {
        paySessionId: session.paySessionId,
        amount: 25000,
        confirmationToken: token,
        quoteId: q.body.quoteId,
      });
    };
    faults!.next.push('lose-answer');
    expect((await attempt(CARDS.threeDSecure)).status).toBe(502);
    const [orphan] = faults!.created;
    const next = await attempt(CARDS.visa);
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect((await sandbox(t).retrieveIntent(orphan.id, account)).status).toBe('canceled');
    expect((await paymentsOf(t, merchant.id, invoice)).map((p) => [p.payment_intent_id, p.status])).toEqual([
      [orphan.id, 'canceled'],
      [next.body.paymentIntentId, 'succeeded'],
    ]);
    expect(await invoiceRow(t, merchant.id, invoice)).toMatchObject({
      reserved_amount: 0,
      paid_amount: 25000,
    });
  });

  it("a pay session's next attempt releases one whose request never reached the provider: nothing was charged", async () => {
    const { merchant, invoice, account } = await setup();
    const session = (await openSession(t, { merchant: merchant.id, invoice, amount: '250.00' })).body;
    const attempt = async () => {
      const token = await cardToken(t, account, CARDS.visa);
      const q = await quote(t, {
        paySessionId: session.paySessionId,
        amount: 25000,
        confirmationToken: token,
      });
      return createPayment(t, {
        paySessionId: session.paySessionId,
        amount: 25000,
        confirmationToken: token,
        quoteId: q.body.quoteId,
      });
    };
    faults!.next.push('lose-request');
    expect((await attempt()).status).toBe(502);
    expect(faults!.created).toHaveLength(0);
    const next = await attempt();
    expect(next.body.status).toBe('succeeded');
    expect((await paymentsOf(t, merchant.id, invoice)).map((p) => [p.payment_intent_id, p.status])).toEqual([
      [null, 'failed'],
      [next.body.paymentIntentId, 'succeeded'],
    ]);
    expect(await sandboxIntents(t, account)).toHaveLength(1);
  });
});

describe.skipIf(skip)(
  `stripe: a retry replays the first request; the sweep never does (${testDialect})`,
  () => {
    let fake: FakeStripe;
    let t: TestApp;
    let faults: FaultyProvider;
    /** Stripe's rule: a key replays its first answer; the same key with other parameters is refused. */
    const seen = new Map<string, { form: string; body: unknown }>();

    beforeAll(async () => {
      fake = await startFakeStripe();
      fake.on('POST', '/v1/payment_intents', (req: RecordedRequest) => {
        const key = `${req.headers['stripe-account']}:${req.headers['idempotency-key']}`;
        const form = JSON.stringify(req.form);
        const earlier = seen.get(key);
        if (earlier && earlier.form !== form)
          return stripeError(400, {
            type: 'idempotency_error',
            message:
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          });
        if (earlier) return { status: 200, body: earlier.body };
        const id = `pi_replay${seen.size + 1}`;
        // Created and confirmed with the token, which is used up by it.
        const token = fake.confirmationTokens.get(req.form.confirmation_token)!;
        token.token.payment_intent = id;
        const pi = {
          id,
          object: 'payment_intent',
          amount: Number(req.form.amount),
          currency: req.form.currency,
          application_fee_amount: Number(req.form.application_fee_amount),
          client_secret: `${id}_secret_replay`,
          created: 1_790_000_000,
          metadata: {},
          payment_method: 'pm_replay',
          status: token.outcome === 'authenticate' ? 'requires_action' : 'succeeded',
          latest_charge: null,
          last_payment_error: null,
        };
        fake.intents.set(id, pi);
        seen.set(key, { form, body: pi });
        return { status: 200, body: pi };
      });
      t = await createTestApp({
        env: {
          PAYMENTS_PROVIDER: 'stripe',
          STRIPE_SECRET_KEY: 'sk_test_replay123',
          STRIPE_PUBLISHABLE_KEY: 'pk_test_replay123',
          STRIPE_API_BASE: fake.url,
          STRIPE_WEBHOOK_SECRET: 'whsec_replay',
        },
      });
    });
    afterAll(async () => {
      await t?.close();
      await fake?.close();
    });
    afterEach(() => faults?.restore());

    const creates = () => fake.find('POST', '/v1/payment_intents');
    const wire = (r: RecordedRequest) => ({
      form: r.form,
      key: r.headers['idempotency-key'],
      account: r.headers['stripe-account'],
    });
    const AU_CARD = { brand: 'visa', funding: 'credit', country: 'AU', last4: '0006' };

    async function quoted(
      merchantId: string,
      account: string,
      invoice: string,
      outcome: 'succeed' | 'authenticate',
    ) {
      const token = fake.addConfirmationToken({ account, card: AU_CARD, outcome });
      const where = { merchantId, invoiceNumber: invoice, amountDue: 100000 };
      const q = await quote(t, { ...where, amount: 40000, confirmationToken: token });
      expect(q.status, JSON.stringify(q.body)).toBe(200);
      return { ...where, amount: 40000, confirmationToken: token, quoteId: q.body.quoteId };
    }

    it('a retry with the same Idempotency-Key sends the identical request and gets the same charge', async () => {
      const merchant = await createConnectedMerchant(t);
      faults = faultyProvider(t);
      const before = creates().length;
      const body = {
        ...(await quoted(merchant.id, merchant.stripe_account_id!, 'INV-STRIPE-REPLAY', 'succeed')),
        customerEmail: 'Builder@Example.com',
      };
      const key = { 'idempotency-key': `key-${crypto.randomUUID()}` };
      faults.next.push('lose-answer');
      expect((await createPayment(t, body, key)).status).toBe(502);
      const retry = await createPayment(t, body, key);
      expect(retry.status, JSON.stringify(retry.body)).toBe(200);
      const [first, replay] = creates().slice(before);
      expect(wire(replay)).toEqual(wire(first));
      expect(first.headers['idempotency-key']).toBe(`create-${key['idempotency-key']}`);
      expect(first.form).toMatchObject({
        amount: String(retry.body.breakdown.total),
        confirm: 'true',
        confirmation_token: body.confirmationToken,
        return_url: 'http://127.0.0.1:8787/payment-complete',
        receipt_email: 'builder@example.com',
        'metadata[paymentId]': retry.body.paymentId,
      });
      expect(retry.body).toMatchObject({
        paymentIntentId: faults.created[0].id,
        status: 'succeeded',
        clientSecret: null,
      });
    });

    it('the sweep asks which intent the token confirmed, then cancels it — it never sends the charge again', async () => {
      const merchant = await createConnectedMerchant(t);
      faults = faultyProvider(t);
      const before = creates().length;
      const body = await quoted(merchant.id, merchant.stripe_account_id!, 'INV-STRIPE-SWEEP', 'authenticate');
      faults.next.push('lose-answer');
      expect((await createPayment(t, body)).status).toBe(502);
      t.clock.advance(LEASE_MS + 1000);
      expect(await expireReservations(t.deps)).toMatchObject({ expired: 1, errors: 0 });
      expect(creates().slice(before)).toHaveLength(1);
      const orphan = faults.created[0].id;
      expect(
        fake.find('GET', `/v1/confirmation_tokens/${body.confirmationToken}`).length,
      ).toBeGreaterThanOrEqual(2);
      expect(fake.find('POST', `/v1/payment_intents/${orphan}/cancel`)).toHaveLength(1);
      expect(await paymentsOf(t, merchant.id, 'INV-STRIPE-SWEEP')).toMatchObject([
        { status: 'expired', payment_intent_id: orphan },
      ]);
    });
  },
);

describe.skipIf(skip)(`migration 001 (${testDialect})`, () => {
  const MIGRATION = '001-payment-attempt-recovery';
  const COLUMNS = /^\s*(provider_idempotency_key|payment_method_id|payment_id|claimed_at) TEXT,$/;
  let database: AppDatabase;
  let cleanup = async () => {};
  afterAll(async () => {
    await database?.close();
    await cleanup();
  });

  async function columns(db: AppDatabase, table: string): Promise<string[]> {
    if (db.dialect === 'sqlite') {
      const r = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})`.execute(db.db);
      return r.rows.map((c) => c.name).sort();
    }
    const r = await sql<{ name: string }>`SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ${table}`.execute(db.db);
    return r.rows.map((c) => c.name).sort();
  }

  it('brings a database made by the previous schema.sql to the current one, keeping unanswered claims', async () => {
    if (testDialect === 'postgres') {
      const s = await createPostgresSchema();
      database = openPostgres(s.url, 2);
      cleanup = s.drop;
    } else database = openSqlite(':memory:');
    // The previous schema: today's without this migration's columns, every other migration applied.
    const previous = readFileSync(new URL('../../schema.sql', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => !COLUMNS.test(line))
      .join('\n');
    await sql`CREATE TABLE schema_migrations (version TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`.execute(
      database.db,
    );
    for (const statement of splitStatements(previous)) await sql.raw(statement).execute(database.db);
    const others = ['000-schema', ...listMigrations().map((m) => m.version)].filter((v) => v !== MIGRATION);
    await database.db
      .insertInto('schema_migrations')
      .values(others.map((version) => ({ version, applied_at: '2026-01-01T00:00:00.000Z' })))
      .execute();
    await sql`INSERT INTO idempotency_keys (scope, idem_key, request_hash, created_at)
      VALUES ('payments.create', 'k1', 'h', '2026-01-01T00:00:00.000Z')`.execute(database.db);

    expect(await migrate(database)).toEqual({ fresh: false, applied: [MIGRATION] });
    const fresh = await createTestApp();
    try {
      for (const table of ['payments', 'idempotency_keys'])
        expect(await columns(database, table)).toEqual(await columns(fresh.deps.database, table));
    } finally {
      await fresh.close();
    }
    const claim = await database.db.selectFrom('idempotency_keys').selectAll().executeTakeFirstOrThrow();
    expect(claim).toMatchObject({ claimed_at: '2026-01-01T00:00:00.000Z', payment_id: null });
  });
});
