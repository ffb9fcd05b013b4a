/**
 * Webhooks (DESIGN §3.5) under chaos: the sandbox provider's real signed events for a few hundred
 * payments (successes, declines, 3-D Secure completed at the provider or left pending,
 * cancellations, partial and full refunds made at the provider), delivered 1,000 times with 30 %
 * duplicates, shuffled, partly concurrent, then replayed — on top of what the server already
 * recorded from its own confirmations: 0 lost (every payment ends as the provider says), 0 counted
 * twice (ledger counters equal the payments, refunds equal the provider's). Forged, tampered and
 * stale signatures are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import {
  authenticate,
  CARDS,
  createConnectedMerchant,
  openSession,
  quoteAndPay,
  sandbox,
} from './support/payments.ts';

const skip = await skipPostgres();

type Outcome =
  | 'succeed'
  | 'decline'
  | 'cancel'
  | 'three_ds_pending'
  | 'three_ds_succeed'
  | 'partial_refunds'
  | 'full_refund';
const CYCLE: Outcome[] = [
  'succeed',
  'partial_refunds',
  'decline',
  'succeed',
  'cancel',
  'three_ds_pending',
  'full_refund',
  'three_ds_succeed',
  'succeed',
  'decline',
];

async function deliver(t: TestApp, raw: string, signature: string | null) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== null) headers['stripe-signature'] = signature;
  const res = await t.app.request('/api/webhooks/stripe', { method: 'POST', headers, body: raw });
  return {
    status: res.status,
    body: (await res.json()) as { received?: boolean; duplicate?: boolean; error?: { message: string } },
  };
}

describe.skipIf(skip)(`webhooks (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ autoDeliverEvents: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('1,000 deliveries (30 % duplicates, shuffled, replayed): 0 lost, 0 counted twice', async () => {
    const m = await createConnectedMerchant(t);
    const sb = sandbox(t);
    const payments: Array<{ id: string; intent: string; outcome: Outcome }> = [];
    const rng = fc.sample(fc.integer({ min: 5000, max: 500000 }), { numRuns: 400, seed: 42 });
    let uniqueEvents = 0;
    for (let i = 0; uniqueEvents < 700; i++) {
      const outcome = CYCLE[i % CYCLE.length];
      const invoice = `INV-CHAOS-${i % 7}`;
      const card =
        outcome === 'decline'
          ? CARDS.declined
          : outcome === 'cancel' || outcome.startsWith('three_ds')
            ? CARDS.threeDSecure
            : CARDS.visa;
      const { res: created } = await quoteAndPay(t, {
        account: m.stripe_account_id!,
        merchantId: m.id,
        amount: rng[i % rng.length],
        invoiceNumber: invoice,
        amountDue: 1_000_000_000,
        card,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(outcome === 'decline' ? 422 : 200);
      const c =
        created.status === 200
          ? created.body
          : { ...created.body.payment, paymentIntentId: created.body.payment.transactionId };
      const account = m.stripe_account_id!;
      // What happens at the provider after our answer: only its events tell us.
      if (outcome === 'cancel') await sb.cancelIntent(c.paymentIntentId, account);
      else if (outcome === 'three_ds_succeed') await authenticate(t, c);
      const total = c.total;
      const refund = (amount: number, n: number) =>
        sb.refund({
          paymentIntentId: c.paymentIntentId,
          connectedAccountId: account,
          amount,
          refundApplicationFee: true,
          idempotencyKey: `dash-${c.paymentId}-${n}`,
          metadata: {},
        });
      if (outcome === 'partial_refunds') {
        await refund(Math.floor(total / 4), 1);
        await refund(Math.floor(total / 3), 2);
      }
      if (outcome === 'full_refund') await refund(total, 1);
      payments.push({ id: c.paymentId, intent: c.paymentIntentId, outcome });
      uniqueEvents = Number(
        (
          await sb.ctx.db
            .selectFrom('sandbox_events')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    }

    const events = await sb.ctx.db.selectFrom('sandbox_events').select(['id', 'payload']).execute();
    const duplicates = Math.round((events.length * 3) / 7); // 30 % of all deliveries
    const picks = fc.sample(fc.nat({ max: events.length - 1 }), { numRuns: duplicates, seed: 7 });
    const deliveries = fc.sample(
      fc.shuffledSubarray([...events, ...picks.map((i) => events[i])], {
        minLength: events.length + duplicates,
      }),
      { numRuns: 1, seed: 11 },
    )[0];
    expect(deliveries.length).toBeGreaterThanOrEqual(1000);

    let duplicateAnswers = 0;
    for (let i = 0; i < deliveries.length; i += 8) {
      const batch = deliveries.slice(i, i + 8);
      const answers = await Promise.all(batch.map((e) => deliver(t, e.payload, sb.signPayload(e.payload))));
      for (const a of answers) {
        expect(a.status).toBe(200);
        if (a.body.duplicate) duplicateAnswers++;
      }
    }
    // Events we act on are remembered once each; the others (charge.succeeded) change nothing, and
    // the success of a payment already recorded from its create-and-confirm answer is acknowledged
    // as applied without a write.
    const succeededAtCreate = new Set(
      payments
        .filter((p) => ['succeed', 'partial_refunds', 'full_refund'].includes(p.outcome))
        .map((p) => p.intent),
    );
    const kind = (e: { payload: string }) =>
      JSON.parse(e.payload) as { type: string; data: { object: { id: string } } };
    const actedOn = events.filter((e) => kind(e).type !== 'charge.succeeded');
    const applied = actedOn.filter(
      (e) => !(kind(e).type === 'payment_intent.succeeded' && succeededAtCreate.has(kind(e).data.object.id)),
    );
    expect(applied.length).toBeLessThan(actedOn.length);
    expect(duplicateAnswers).toBe(deliveries.filter((d) => actedOn.includes(d)).length - applied.length);
    const recorded = await t.deps.database.db.selectFrom('payment_events').select('id').execute();
    expect(recorded.map((r) => r.id).sort()).toEqual(applied.map((e) => JSON.parse(e.payload).id).sort());

    // Replays: every answer is "duplicate" and nothing moves.
    const before = await t.deps.database.db
      .selectFrom('invoices')
      .selectAll()
      .where('merchant_id', '=', m.id)
      .orderBy('id')
      .execute();
    for (const e of actedOn.slice(0, 100))
      expect((await deliver(t, e.payload, sb.signPayload(e.payload))).body.duplicate).toBe(true);
    expect(
      await t.deps.database.db
        .selectFrom('invoices')
        .selectAll()
        .where('merchant_id', '=', m.id)
        .orderBy('id')
        .execute(),
    ).toEqual(before);

    // 0 lost: every payment is where the provider says it is.
    const expected: Record<Outcome, string> = {
      succeed: 'succeeded',
      three_ds_succeed: 'succeeded',
      partial_refunds: 'partially_refunded',
      full_refund: 'refunded',
      decline: 'failed',
      cancel: 'canceled',
      three_ds_pending: 'requires_action',
    };
    const rows = await t.deps.database.db
      .selectFrom('payments')
      .selectAll()
      .where('merchant_id', '=', m.id)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const p of payments) {
      const row = byId.get(p.id)!;
      expect(row.status, `${p.outcome} ${p.id}`).toBe(expected[p.outcome]);
      const intent = await sb.retrieveIntent(p.intent, row.stripe_connect_account_id!);
      expect(row.refunded_amount + row.refunded_surcharge).toBe(intent.amountRefunded);
      expect(intent.amount, `${p.outcome} ${p.id}`).toBe(row.total_amount);
    }
    // 0 counted twice: the ledger counters equal what the payments add up to.
    for (const inv of before) {
      const mine = rows.filter((r) => r.invoice_id === inv.id);
      const paid = mine
        .filter((r) => ['succeeded', 'partially_refunded', 'refunded'].includes(r.status))
        .reduce((s, r) => s + r.amount - r.refunded_amount, 0);
      const reserved = mine
        .filter((r) => ['pending', 'requires_action', 'processing'].includes(r.status))
        .reduce((s, r) => s + r.amount, 0);
      expect({ paid: inv.paid_amount, reserved: inv.reserved_amount, overpaid: inv.overpaid }).toEqual({
        paid,
        reserved,
        overpaid: 0,
      });
    }
  }, 120_000); // 1,000 signed deliveries: ~15 s alone, twice that on a loaded 2-core machine

  it('a console refund and its charge.refunded event are counted once', async () => {
    const m = await createConnectedMerchant(t);
    const s = await openSession(t, { merchant: m.id, invoice: 'INV-REFUND-ONCE', amount: '500.00' });
    const c = (
      await quoteAndPay(t, {
        account: m.stripe_account_id!,
        amount: 40000,
        paySessionId: s.body.paySessionId,
      })
    ).res.body;
    await t.deps.payments.flushEvents();
    const admin = await adminHeaders(t);
    const refunded = await json(
      t.app,
      'POST',
      `/api/admin/payments/${c.paymentId}/refund`,
      { amount: 10000 },
      admin,
    );
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({
      status: 'partially_refunded',
      refunded_amount: 10000,
      refunded_surcharge: 295,
    });
    await t.deps.payments.flushEvents();
    const after = await json(t.app, 'GET', `/api/admin/payments/${c.paymentId}`, undefined, admin);
    expect(after.body).toMatchObject({ refunded_amount: 10000, refunded_surcharge: 295 });
    expect(after.body.refunds).toHaveLength(1);
    expect(after.body.refunds[0].status).toBe('succeeded');
  });

  it('refuses forged, tampered, stale and unsigned deliveries', async () => {
    const m = await createConnectedMerchant(t);
    const s = await openSession(t, { merchant: m.id, invoice: 'INV-FORGED', amount: '500.00' });
    const c = (
      await quoteAndPay(t, {
        account: m.stripe_account_id!,
        amount: 40000,
        paySessionId: s.body.paySessionId,
        card: CARDS.threeDSecure,
      })
    ).res.body;
    const pi = await sandbox(t).retrieveIntentWithSecret(c.paymentIntentId, c.clientSecret);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const raw = JSON.stringify({
      id: 'evt_forged_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      account: c.stripeConnectAccountId,
      created: now,
      livemode: false,
      data: { object: { ...pi, status: 'succeeded' } },
    });
    const { createHmac } = await import('node:crypto');
    const forged = `t=${now},v1=${createHmac('sha256', 'whsec_not_ours').update(`${now}.${raw}`).digest('hex')}`;
    const cases: Array<[string, string | null]> = [
      ['forged', forged],
      ['tampered', sandbox(t).signPayload(raw.replace('evt_forged_1', 'evt_forged_2') + ' ')],
      ['stale', sandbox(t).signPayload(raw, now - 301)],
      ['unsigned', null],
      ['garbage header', 'nonsense'],
    ];
    for (const [name, signature] of cases) {
      const res = await deliver(t, raw, signature);
      expect(res.status, name).toBe(400);
      expect(res.body.error!.message, name).toMatch(/^Webhook signature verification failed/);
    }
    const row = await t.deps.database.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', c.paymentId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('requires_action');
    expect(
      await t.deps.database.db
        .selectFrom('payment_events')
        .selectAll()
        .where('id', 'like', 'evt_forged%')
        .execute(),
    ).toHaveLength(0);
    // The genuine signature of the same body is accepted.
    expect((await deliver(t, raw, sandbox(t).signPayload(raw))).status).toBe(200);
  });
});
