/**
 * Write-offs of sub-minimum remainders in the accounting tool (DESIGN §3.3, §7), through the outbox
 * jobs the console's write-off enqueues (api/accounting/sync/enqueue.ts `enqueueWriteOffSync`, a `payment.write_off` job):
 * Xero gets a credit note for the remainder allocated to the invoice, QuickBooks a credit memo
 * applied to it, on the merchant's local date; never more than the tool says is due; resumed, not
 * repeated, after a failure between the two calls.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invoiceNumberKey } from '../../core/invoice-number.ts';
import { enqueueWriteOffSync } from '../../api/accounting/sync/enqueue.ts';
import { runOutboxOnce } from '../../api/accounting/sync/worker.ts';
import { json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { startFakeQuickBooks, type FakeQuickBooks } from '../support/fake-quickbooks.ts';
import { startFakeXero, type FakeXero } from '../support/fake-xero.ts';
import {
  cancelQueued,
  connectXero,
  createAccountingApp,
  entriesOf,
  quickbooksEnv,
  xeroEnv,
} from './support/accounting.ts';
import { createConnectedMerchant } from './support/payments.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`write-offs in Xero and QuickBooks (${testDialect})`, () => {
  let t: TestApp;
  let xero: FakeXero;
  let qbo: FakeQuickBooks;
  let admin: { authorization: string };
  let n = 0;

  beforeAll(async () => {
    [xero, qbo] = await Promise.all([startFakeXero(), startFakeQuickBooks()]);
    t = await createAccountingApp({ ...xeroEnv(xero), ...quickbooksEnv(qbo) });
  });
  beforeEach(async () => {
    admin = await adminHeaders(t);
  });
  afterEach(() => cancelQueued(t));
  afterAll(async () => {
    await t?.close();
    await Promise.all([xero?.close(), qbo?.close()]);
  });

  /**
   * A write-off as the console records it: the invoice row and the write-off row, then the sync jobs
   * of api/accounting/sync/enqueue.ts in the same transaction. Returns the targets that got a job.
   */
  const writeOff = (o: {
    merchantId: string;
    invoiceNumber: string;
    amount: number;
    currency?: string;
    date?: string;
    writeOffId?: string;
  }) =>
    t.deps.database.db.transaction().execute(async (trx) => {
      const currency = o.currency ?? 'AUD';
      const at = o.date ?? '2026-11-22T13:30:00.000Z';
      const existing = await trx
        .selectFrom('invoices')
        .select('id')
        .where('merchant_id', '=', o.merchantId)
        .where('number_key', '=', invoiceNumberKey(o.invoiceNumber))
        .where('currency', '=', currency)
        .executeTakeFirst();
      const invoiceId = existing?.id ?? crypto.randomUUID();
      if (!existing)
        await trx
          .insertInto('invoices')
          .values({
            id: invoiceId,
            merchant_id: o.merchantId,
            invoice_number: o.invoiceNumber,
            number_key: invoiceNumberKey(o.invoiceNumber),
            currency,
            created_at: at,
            updated_at: at,
          })
          .execute();
      const id = o.writeOffId ?? crypto.randomUUID();
      await trx
        .insertInto('invoice_write_offs')
        .values({
          id,
          invoice_id: invoiceId,
          amount: o.amount,
          reason: 'Below the card minimum',
          created_at: at,
        })
        .onConflict((oc) => oc.column('id').doNothing()) // the same write-off again
        .execute();
      return enqueueWriteOffSync(trx, id, t.clock);
    });
  const job = (writeOffId: string) =>
    t.deps.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('idempotency_key', 'like', `payment.write_off:${writeOffId}:%`)
      .executeTakeFirstOrThrow();

  it('posts a Xero credit note for the remainder allocated to the invoice, on the local date', async () => {
    const merchant = await createConnectedMerchant(t);
    await connectXero(t, xero, admin, merchant.id);
    const invoice = `INV-W${++n}`;
    const inv = xero.addInvoice(invoice, 100037);
    inv.paidCents = 100000; // 0.37 left after a bank transfer: below the card minimum
    const id = crypto.randomUUID();
    // 13:30 UTC on 22 Nov is 00:30 on 23 Nov in Sydney.
    expect(
      await writeOff({ merchantId: merchant.id, invoiceNumber: invoice, amount: 37, writeOffId: id }),
    ).toEqual(['xero']);
    const queued = await job(id);
    expect(queued).toMatchObject({
      kind: 'xero',
      payment_id: null,
      refund_id: null,
      idempotency_key: `payment.write_off:${id}:xero`,
      status: 'pending',
    });
    expect(queued.write_off_id).toBe(id);
    expect(JSON.parse(queued.payload)).toMatchObject({
      event: 'payment.write_off',
      writeOff: { id, amount_minor: 37, currency: 'AUD', invoice_number: invoice, date: '2026-11-23' },
    });
    await runOutboxOnce(t.deps);
    expect(await job(id)).toMatchObject({ status: 'delivered' });
    // Recorded in Xero: the write-off now counts as written back (DESIGN §3.3 S).
    expect(
      await t.deps.database.db
        .selectFrom('invoice_write_offs')
        .select(['recorded_source'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ recorded_source: 'xero' });
    const note = [...xero.creditNotes.values()].find((c) => c.ContactID === inv.Contact.ContactID)!;
    expect(note).toMatchObject({ totalCents: 37, Date: '2026-11-23', LineAccountCode: '200' });
    expect(xero.allocations.filter((a) => a.CreditNoteID === note.CreditNoteID)).toEqual([
      expect.objectContaining({ InvoiceID: inv.InvoiceID, cents: 37, Date: '2026-11-23' }),
    ]);
    expect(xero.amountDue(invoice)).toBe(0);
    expect((await entriesOf(t, id)).map((e) => [e.step, e.amount, e.entry_date])).toEqual([
      ['credit_note', 37, '2026-11-23'],
      ['credit_allocation', 37, '2026-11-23'],
    ]);
    // The same write-off again is the same job: nothing new.
    expect(
      await writeOff({ merchantId: merchant.id, invoiceNumber: invoice, amount: 37, writeOffId: id }),
    ).toEqual([]);
  });

  it('never credits more than Xero says is due, and resumes after a failure between the two calls', async () => {
    const merchant = await createConnectedMerchant(t);
    await connectXero(t, xero, admin, merchant.id);
    const invoice = `INV-W${++n}`;
    const inv = xero.addInvoice(invoice, 100000);
    inv.paidCents = 99981; // Xero says 0.19 is due; our remainder said 0.33
    const id = crypto.randomUUID();
    await writeOff({ merchantId: merchant.id, invoiceNumber: invoice, amount: 33, writeOffId: id });
    xero.failNext((r) => r.path.endsWith('/Allocations'), {
      status: 503,
      body: { Title: 'Service Unavailable' },
    });
    await runOutboxOnce(t.deps);
    expect(await job(id)).toMatchObject({ status: 'pending', last_response_status: 503 });
    t.clock.advance(60_000);
    await runOutboxOnce(t.deps);
    expect(await job(id)).toMatchObject({ status: 'delivered' });
    const notes = [...xero.creditNotes.values()].filter((c) => c.ContactID === inv.Contact.ContactID);
    expect(notes.map((c) => c.totalCents)).toEqual([19]);
    expect(xero.amountDue(invoice)).toBe(0);

    // Nothing due any more: delivered without a record.
    const other = crypto.randomUUID();
    await writeOff({ merchantId: merchant.id, invoiceNumber: invoice, amount: 5, writeOffId: other });
    await runOutboxOnce(t.deps);
    expect(await job(other)).toMatchObject({ status: 'delivered' });
    expect(await entriesOf(t, other)).toEqual([]);
  });

  it('applies a QuickBooks credit memo to the invoice, in a zero-decimal currency too', async () => {
    const merchant = await createConnectedMerchant(t);
    const start = await json(
      t.app,
      'POST',
      `/api/admin/merchants/${merchant.id}/accounting/quickbooks/connect-url`,
      {},
      admin,
    );
    const state = new URL(start.body.url).searchParams.get('state');
    await json(
      t.app,
      'POST',
      '/api/admin/accounting/callback',
      { code: qbo.issueCode(), state, realmId: qbo.realmId },
      admin,
    );
    await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${merchant.id}/accounting/settings`,
      { payment_account_code: '35', surcharge_account_code: '79', credit_account_code: '1' },
      admin,
    );
    const invoice = `3${String(++n).padStart(3, '0')}`;
    const inv = qbo.addInvoice(invoice, 10049, 'JPY');
    inv.balanceCents = 49; // ¥49 left, below the ¥50 minimum
    const id = crypto.randomUUID();
    await writeOff({
      merchantId: merchant.id,
      invoiceNumber: invoice,
      amount: 49,
      currency: 'JPY',
      writeOffId: id,
    });
    await runOutboxOnce(t.deps);
    expect(await job(id)).toMatchObject({ status: 'delivered' });
    const memo = [...qbo.creditMemos.values()].at(-1)!;
    expect(memo.body).toMatchObject({
      CustomerRef: { value: inv.customerId },
      CurrencyRef: { value: 'JPY' },
      TxnDate: '2026-11-23',
      Line: [
        {
          Amount: 49,
          DetailType: 'SalesItemLineDetail',
          SalesItemLineDetail: { ItemRef: { value: '1' }, Qty: 1, UnitPrice: 49 },
        },
      ],
    });
    const applied = [...qbo.payments.values()].at(-1)!;
    expect(applied.body).toMatchObject({
      TotalAmt: 0,
      Line: [
        { Amount: 49, LinkedTxn: [{ TxnId: inv.Id, TxnType: 'Invoice' }] },
        { Amount: 49, LinkedTxn: [{ TxnId: memo.Id, TxnType: 'CreditMemo' }] },
      ],
    });
    expect(inv.balanceCents).toBe(0);
    expect((await entriesOf(t, id)).map((e) => e.step)).toEqual(['credit_memo', 'credit_applied']);
  });

  it('fails at once, saying why, when the invoice is not in the tool; no connection means no job', async () => {
    const merchant = await createConnectedMerchant(t);
    await connectXero(t, xero, admin, merchant.id);
    const id = crypto.randomUUID();
    await writeOff({ merchantId: merchant.id, invoiceNumber: 'INV-NOT-THERE', amount: 20, writeOffId: id });
    await runOutboxOnce(t.deps);
    expect(await job(id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'Invoice INV-NOT-THERE was not found in Xero',
    });
    const unconnected = await createConnectedMerchant(t);
    expect(await writeOff({ merchantId: unconnected.id, invoiceNumber: 'INV-1', amount: 20 })).toEqual([]);
  });
});
