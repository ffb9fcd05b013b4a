/**
 * The reservation sweep drains a backlog (DESIGN §3.4): due reservations are taken in batches until
 * none is left, bounded per run by time rather than by a count — 230 one-minute reservations are
 * released in one run, not 100 a minute — and what one run leaves, the next picks up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireReservations } from '../../api/payments/lifecycle/expiry.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { invoiceIdOf, placeReservations } from './support/ledger.ts';
import { createConnectedMerchant, invoiceRow, openSession, payThroughLink } from './support/payments.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`reservation sweep backlog (${testDialect})`, () => {
  let t: TestApp;
  let merchant: Awaited<ReturnType<typeof createConnectedMerchant>>;

  beforeAll(async () => {
    t = await createTestApp();
    merchant = await createConnectedMerchant(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function invoiceWithBacklog(invoice: string, n: number) {
    await payThroughLink(t, { merchant: merchant.id, invoice, linkAmount: '100000.00', amount: 100 });
    const invoiceId = await invoiceIdOf(t, merchant.id, invoice);
    const until = new Date(t.clock.now().getTime() + 60_000).toISOString();
    await placeReservations(t, {
      merchantId: merchant.id,
      invoiceId,
      invoiceNumber: invoice,
      n,
      amount: 100,
      until,
    });
    return invoiceId;
  }

  it('releases 230 one-minute reservations in one run', async () => {
    const invoice = 'INV-BACKLOG';
    await invoiceWithBacklog(invoice, 230);
    const open = async () =>
      (await openSession(t, { merchant: merchant.id, invoice, amount: '100000.00' })).body;
    expect((await open()).invoice.balance).toBe(10_000_000 - 100 - 230 * 100);
    t.clock.advance(2 * 60_000);
    expect(await expireReservations(t.deps)).toMatchObject({ expired: 230, errors: 0 });
    expect((await invoiceRow(t, merchant.id, invoice))!.reserved_amount).toBe(0);
    expect((await open()).invoice.balance).toBe(10_000_000 - 100);
  });

  it('stops starting batches when its time is spent; the next run carries on', async () => {
    const invoice = 'INV-BUDGET';
    await invoiceWithBacklog(invoice, 25);
    t.clock.advance(2 * 60_000);
    expect(await expireReservations(t.deps, { batchSize: 10, budgetMs: 0 })).toMatchObject({ expired: 10 });
    expect((await invoiceRow(t, merchant.id, invoice))!.reserved_amount).toBe(1500);
    expect(await expireReservations(t.deps, { batchSize: 10 })).toMatchObject({ expired: 15 });
    expect((await invoiceRow(t, merchant.id, invoice))!.reserved_amount).toBe(0);
  });
});
