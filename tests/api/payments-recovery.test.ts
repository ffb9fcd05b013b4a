/**
 * Payment creation survives failures and crashes without charging twice or losing anything
 * (DESIGN §3.4, §3.6): a retry with the same Idempotency-Key after a run that failed after the
 * provider made (and confirmed) the intent, or after a crash (a claim with no answer, older than the
 * lease), resumes the same payment and gets the same intent — one key, one charge; a claim still in
 * its lease answers 409; an attempt that ended (swept) is never charged again.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  IDEMPOTENCY_IN_PROGRESS,
  idempotencyLeaseMs,
  IDEMPOTENCY_MISMATCH,
  requestHash,
} from '../../api/payments/create/idempotency.ts';
import { expireReservations } from '../../api/payments/lifecycle/expiry.ts';
import { PAYMENT_DETAILS_EXPIRED } from '../../api/payments/create/attempts.ts';
import { PROCESSING_ERROR_MESSAGE } from '../../api/payments/create/service.ts';
import { createTestApp, testConfig, type TestApp } from '../support/app.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import {
  authenticate,
  CARDS,
  cardToken,
  createConnectedMerchant,
  createPayment,
  invoiceRow,
  quote,
  refresh,
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

describe.skipIf(skip)(`payment creation resumes after failures and crashes (${testDialect})`, () => {
  let t: TestApp;
  let faults: FaultyProvider;
  let merchant: Awaited<ReturnType<typeof createConnectedMerchant>>;
  let seq = 0;
  beforeAll(async () => {
    // Events only when a test flushes them: the provider's word reaches us by the paths under test.
    t = await createTestApp({ autoDeliverEvents: false });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => faults?.restore());

  /**
   * A fresh merchant (own connected account) and invoice per test, the provider wrapper, and the body
   * of a payment of 250.00 with a quoted card.
   */
  async function setup(amountDue = 100000, card: string = CARDS.visa) {
    merchant = await createConnectedMerchant(t);
    faults = faultyProvider(t);
    const invoice = `INV-REC-${++seq}`;
    const where = { merchantId: merchant.id, invoiceNumber: invoice, amountDue: 100000 };
    const token = await cardToken(t, merchant.stripe_account_id!, card);
    const q = await quote(t, { ...where, amount: 25000, confirmationToken: token });
    expect(q.status).toBe(200);
    const body = { ...where, amountDue, amount: 25000, confirmationToken: token, quoteId: q.body.quoteId };
    const key = { 'idempotency-key': `key-${crypto.randomUUID()}` };
    return { invoice, body, key, account: merchant.stripe_account_id! };
  }

  const keyRow = (key: { 'idempotency-key': string }) =>
    t.deps.database.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('idem_key', '=', key['idempotency-key'])
      .executeTakeFirst();

  it('the provider charged but its answer was lost: the retry gets that charge, one payment, no second one', async () => {
    const { invoice, body, key, account } = await setup();
    faults.next.push('lose-answer');
    const first = await createPayment(t, body, key);
    expect(first.status).toBe(502);
    expect(first.body.error.message).toBe(PROCESSING_ERROR_MESSAGE);
    expect(faults.created).toHaveLength(1);
    const [made] = faults.created;
    expect(made.status).toBe('succeeded'); // the provider did charge

    const retry = await createPayment(t, body, key);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body).toMatchObject({
      paymentIntentId: made.id,
      clientSecret: null,
      status: 'succeeded',
      breakdown: { amount: 25000, total: 25000 + retry.body.breakdown.surcharge },
      remainingAfter: 75000,
    });
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    const rows = await paymentsOf(t, merchant.id, invoice);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: retry.body.paymentId,
      payment_intent_id: made.id,
      status: 'succeeded',
    });
    expect(await invoiceRow(t, merchant.id, invoice)).toMatchObject({
      reserved_amount: 0,
      paid_amount: 25000,
    });
    const intents = await sandboxIntents(t, account);
    expect(intents.map((i) => i.id)).toEqual([made.id]);
    expect(JSON.parse(intents[0].metadata).paymentId).toBe(retry.body.paymentId);

    // From now on the key answers from its stored result; another body with it is refused.
    const again = await createPayment(t, body, key);
    expect(again.body).toEqual(retry.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await createPayment(t, { ...body, amount: 100 }, key);
    expect(other.status).toBe(409);
    expect(other.body.error.message).toBe(IDEMPOTENCY_MISMATCH);
  });

  it('a crash after the provider asked for 3-D Secure: 409 during the lease, then the retry resumes it', async () => {
    const { invoice, body, key, account } = await setup(100000, CARDS.threeDSecure);
    faults.next.push('hang');
    // The first run never comes back, as if the process died right after the provider answered.
    void createPayment(t, body, key);
    await until(async () => faults.created.length === 1);
    const [made] = faults.created;
    const claim = await keyRow(key);
    expect(claim).toMatchObject({ response_status: null, claimed_at: t.clock.now().toISOString() });
    const [reserved] = await paymentsOf(t, merchant.id, invoice);
    expect(reserved).toMatchObject({ id: claim!.payment_id, status: 'pending', payment_intent_id: null });

    const during = await createPayment(t, body, key);
    expect(during.status).toBe(409);
    expect(during.body.error.message).toBe(IDEMPOTENCY_IN_PROGRESS);
    // When to look again: when the claim lapses (the widget keeps checking until then).
    expect(during.body.retryAfterSeconds).toBe(LEASE_MS / 1000);
    expect(during.headers.get('retry-after')).toBe(String(LEASE_MS / 1000));
    t.clock.advance(LEASE_MS - 1000);
    const later = await createPayment(t, body, key);
    expect(later.status).toBe(409);
    expect(later.body.retryAfterSeconds).toBe(1);

    t.clock.advance(2000);
    const resumed = await createPayment(t, body, key);
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(resumed.body).toMatchObject({
      paymentId: reserved.id,
      paymentIntentId: made.id,
      status: 'requires_action',
      clientSecret: made.clientSecret,
      remainingAfter: 75000,
    });
    expect(await paymentsOf(t, merchant.id, invoice)).toMatchObject([
      { id: reserved.id, payment_intent_id: made.id, status: 'requires_action' },
    ]);
    expect(await invoiceRow(t, merchant.id, invoice)).toMatchObject({ reserved_amount: 25000 });
    expect((await sandboxIntents(t, account)).map((i) => i.id)).toEqual([made.id]);
    // The customer only now holds the client secret: the action window runs in full from here.
    const after = (await paymentsOf(t, merchant.id, invoice))[0];
    expect(Date.parse(after.reserved_until!)).toBe(
      t.clock.now().getTime() + t.deps.config.reservationTtlMinutes * 60_000,
    );
    expect(await keyRow(key)).toMatchObject({ response_status: 200, claimed_at: null });
    await authenticate(t, resumed.body);
    expect((await refresh(t, resumed.body.paymentId)).status).toBe('succeeded');
  });

  it('a crash after the intent id was stored, before the answer: the retry after the lease answers the same', async () => {
    const { invoice, body, key, account } = await setup();
    const first = await createPayment(t, body, key);
    expect(first.status).toBe(200);
    // The state that crash leaves: the claim without its answer, the payment with its intent id.
    await t.deps.database.db
      .updateTable('idempotency_keys')
      .set({ response_status: null, response_body: null, claimed_at: t.clock.now().toISOString() })
      .where('idem_key', '=', key['idempotency-key'])
      .execute();
    expect((await createPayment(t, body, key)).status).toBe(409);
    t.clock.advance(LEASE_MS + 1000);
    const resumed = await createPayment(t, body, key);
    expect(resumed.status).toBe(200);
    expect(resumed.body).toEqual(first.body);
    expect(await paymentsOf(t, merchant.id, invoice)).toHaveLength(1);
    expect(await sandboxIntents(t, account)).toHaveLength(1);
    expect(await invoiceRow(t, merchant.id, invoice)).toMatchObject({ paid_amount: 25000 });
  });

  it('a crash before anything was reserved: the retry creates the payment under the id the key already named', async () => {
    const { invoice, body, key, account } = await setup();
    const paymentId = crypto.randomUUID();
    const claimedAt = t.clock.now().toISOString();
    await t.deps.database.db
      .insertInto('idempotency_keys')
      .values({
        scope: 'payments.create',
        idem_key: key['idempotency-key'],
        // The route hashes the validated body (currency defaulted and lower-cased by the client here).
        request_hash: requestHash({ currency: 'aud', ...body }),
        response_status: null,
        response_body: null,
        payment_id: paymentId,
        claimed_at: claimedAt,
        created_at: claimedAt,
      })
      .execute();
    expect((await createPayment(t, body, key)).status).toBe(409);
    t.clock.advance(LEASE_MS + 1);
    const resumed = await createPayment(t, body, key);
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(resumed.body.paymentId).toBe(paymentId);
    expect(await paymentsOf(t, merchant.id, invoice)).toHaveLength(1);
    expect(await sandboxIntents(t, account)).toHaveLength(1);
  });

  it('the attempt ended before the retry (the sweep cancelled its 3-D Secure intent): the retry charges nothing', async () => {
    const { invoice, body, key, account } = await setup(100000, CARDS.threeDSecure);
    faults.next.push('lose-answer');
    expect((await createPayment(t, body, key)).status).toBe(502);
    const [orphan] = faults.created;
    expect(orphan.status).toBe('requires_action');
    // No answer from the provider: the reservation is only held for the lease, then swept. The sweep
    // finds the intent through the token (never by sending the charge again) and cancels it.
    t.clock.advance(LEASE_MS + 1000);
    expect(await expireReservations(t.deps)).toMatchObject({ expired: 1, errors: 0 });
    expect((await sandbox(t).retrieveIntent(orphan.id, account)).status).toBe('canceled');

    // The token was used by the ended attempt: the retry cannot charge it again; the customer is asked
    // for their payment details anew (the widget re-quotes).
    const retry = await createPayment(t, body, key);
    expect(retry.status, JSON.stringify(retry.body)).toBe(422);
    expect(retry.body.error.message).toBe(PAYMENT_DETAILS_EXPIRED);
    const rows = await paymentsOf(t, merchant.id, invoice);
    expect(rows.map((r) => r.status)).toEqual(['expired', 'failed']);
    expect((await sandboxIntents(t, account)).map((i) => i.status)).toEqual(['canceled']);
    expect(await invoiceRow(t, merchant.id, invoice)).toMatchObject({ reserved_amount: 0, paid_amount: 0 });
  });

  it('a run that reserved nothing (amount refused) frees the key for a corrected request', async () => {
    const { invoice, body, key } = await setup(20000);
    // Over the balance: nothing reserved, so the key may be used again with a corrected request.
    const over = await createPayment(t, body, key);
    expect(over.status).toBe(422);
    expect(await keyRow(key)).toBeUndefined();
    const { quoteId: _stale, ...where } = body;
    const q = await quote(t, { ...where, amount: 20000 });
    const corrected = await createPayment(t, { ...body, amount: 20000, quoteId: q.body.quoteId }, key);
    expect(corrected.status).toBe(200);
    expect(await paymentsOf(t, merchant.id, invoice)).toHaveLength(1);
  });

  it('two retries racing for a stale claim: one payment and one intent, never two', async () => {
    const { invoice, body, key, account } = await setup();
    faults.next.push('hang');
    void createPayment(t, body, key);
    await until(async () => faults.created.length === 1);
    t.clock.advance(LEASE_MS + 1000);
    const [a, b] = await Promise.all([createPayment(t, body, key), createPayment(t, body, key)]);
    // Each answer is the one intent, or "in progress" (409); at least one is the intent.
    const answers = [a, b].map((r) =>
      r.status === 200 ? `200 ${r.body.paymentIntentId}` : `${r.status} ${r.body.error.message}`,
    );
    const theIntent = `200 ${faults.created[0].id}`;
    expect(answers).toContain(theIntent);
    for (const answer of answers) expect([theIntent, `409 ${IDEMPOTENCY_IN_PROGRESS}`]).toContain(answer);
    expect(await paymentsOf(t, merchant.id, invoice)).toHaveLength(1);
    expect(await sandboxIntents(t, account)).toHaveLength(1);
    expect(await invoiceRow(t, merchant.id, invoice)).toMatchObject({
      reserved_amount: 0,
      paid_amount: 25000,
    });
  });
});
