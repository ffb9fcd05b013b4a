/**
 * Refunds in Xero (DESIGN §3.8, §7), against the strict fake Xero: every combination of credit /
 * re-open, partial / full, unreconciled / reconciled payment — what is created, changed or refused,
 * and the dates (the refund's local date in Sydney, while the UTC day is still the day before).
 * A credit refund is a credit note refunded in cash plus the surcharge part as money spent, the
 * payment untouched; a re-open refund deletes and re-creates the payment at the net amount, and a
 * reconciled payment puts the refund under "Needs attention" until it is unreconciled and retried.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { splitStatements } from '../../api/db/migrate.ts';
import { runOutboxOnce } from '../../api/accounting/sync/worker.ts';
import { json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { startFakeXero, type FakeXero } from '../support/fake-xero.ts';
import {
  addDays,
  cancelQueued,
  connectXero,
  createAccountingApp,
  entriesOf,
  jobOf,
  nextUtcMidnight,
  payInvoice,
  paymentRow,
  refund,
  xeroEnv,
} from './support/accounting.ts';
import { createConnectedMerchant } from './support/payments.ts';
import { AccountingRecords } from '../../api/accounting/records/schema.ts';
import { expectShape } from './support/shape.ts';

const skip = await skipPostgres();

const PAID = 40037; // A$400.37
const CASES = [
  { kind: 'credit', size: 'partial', reconciled: false },
  { kind: 'credit', size: 'full', reconciled: false },
  { kind: 'credit', size: 'partial', reconciled: true },
  { kind: 'credit', size: 'full', reconciled: true },
  { kind: 'reopen', size: 'partial', reconciled: false },
  { kind: 'reopen', size: 'full', reconciled: false },
  { kind: 'reopen', size: 'partial', reconciled: true },
  { kind: 'reopen', size: 'full', reconciled: true },
] as const;

describe.skipIf(skip)(`Xero refunds (${testDialect})`, () => {
  let t: TestApp;
  let xero: FakeXero;
  let admin: { authorization: string };
  let n = 0;
  /** The day each test pays (11:00 in Sydney) and refunds (01:00 in Sydney, three days later). */
  let payDay = '';
  let refundDay = '';

  beforeAll(async () => {
    xero = await startFakeXero();
    t = await createAccountingApp(xeroEnv(xero));
  });
  beforeEach(async () => {
    payDay = nextUtcMidnight(t);
    refundDay = addDays(payDay, 3);
    admin = await adminHeaders(t);
  });
  afterEach(() => cancelQueued(t));
  afterAll(async () => {
    await t?.close();
    await xero?.close();
  });

  /** Paid at 11:00 in Sydney; refunded at 01:00 in Sydney three days later, still the day before in UTC. */
  async function paidAndRecorded(total = 100000) {
    const merchant = await createConnectedMerchant(t);
    await connectXero(t, xero, admin, merchant.id);
    const invoice = `INV-R${++n}`;
    const inv = xero.addInvoice(invoice, total);
    const payment = await payInvoice(t, { merchant: merchant.id, invoice, amount: PAID });
    expect(await runOutboxOnce(t.deps)).toMatchObject({ delivered: 1 });
    const [original] = [...xero.payments.values()].filter((p) => p.InvoiceID === inv.InvoiceID);
    expect(original).toMatchObject({ Date: payDay, cents: PAID, Status: 'AUTHORISED' });
    return { merchant, invoice, inv, payment, original };
  }

  async function refundLater(paymentId: string, kind: 'credit' | 'reopen', amount?: number) {
    t.clock.advance((2 * 24 + 14) * 3600_000); // 14:00Z two days later = 01:00 the next day in Sydney
    admin = await adminHeaders(t);
    return refund(t, admin, paymentId, kind, amount);
  }

  for (const c of CASES)
    it(`${c.kind} refund, ${c.size}, of ${c.reconciled ? 'a reconciled' : 'an unreconciled'} payment`, async () => {
      const { invoice, inv, payment, original } = await paidAndRecorded();
      if (c.reconciled) xero.reconcile(original.PaymentID);
      const base = c.size === 'full' ? PAID : 10011;
      const r = await refundLater(payment.id, c.kind, c.size === 'full' ? undefined : base);
      expect(r.amount).toBe(base);
      const before = xero.apiRequests().length;
      await runOutboxOnce(t.deps);
      const calls = xero.apiRequests().slice(before);
      const writes = calls
        .filter((x) => x.method !== 'GET')
        .map((x) => `${x.method} ${x.path.replace('/api.xro/2.0', '')}`);
      const spend = [...xero.bankTransactions.values()].filter(
        (b) => b.Type === 'SPEND' && b.Reference.endsWith(r.provider_refund_id ?? r.id),
      );
      // The surcharge part always goes back as money spent on the refund's date.
      expect(spend.map((b) => [b.cents, b.Date, b.BankAccountCode, b.LineAccountCode])).toEqual([
        [r.surcharge, refundDay, '090', '260'],
      ]);

      if (c.kind === 'credit') {
        const notes = [...xero.creditNotes.values()].filter((x) => x.ContactID === inv.Contact.ContactID);
        expect(notes.map((x) => [x.totalCents, x.Date, x.LineAccountCode])).toEqual([
          [base, refundDay, '200'],
        ]);
        const cash = [...xero.payments.values()].filter(
          (p) => p.kind === 'creditnote' && p.targetId === notes[0].CreditNoteID,
        );
        expect(cash.map((p) => [p.cents, p.Date, p.AccountCode, p.Status])).toEqual([
          [base, refundDay, '090', 'AUTHORISED'],
        ]);
        expect(xero.remainingCredit(notes[0])).toBe(0);
        expect(writes).toEqual(['PUT /CreditNotes', 'PUT /Payments', 'PUT /BankTransactions']);
        // The payment is never touched: it matches the payout and may be reconciled.
        expect(xero.payments.get(original.PaymentID)).toMatchObject({
          Status: 'AUTHORISED',
          cents: PAID,
          IsReconciled: c.reconciled,
        });
        expect(xero.amountDue(invoice)).toBe(100000 - PAID);
        expect(await jobOf(t, payment.id, 'xero', r.id)).toMatchObject({ status: 'delivered' });
        expect((await entriesOf(t, r.id)).map((e) => [e.step, e.amount, e.entry_date])).toEqual([
          ['credit_note', base, refundDay],
          ['credit_refund', base, refundDay],
          ['surcharge_refund', r.surcharge, refundDay],
        ]);
        return;
      }

      expect([...xero.creditNotes.values()].filter((x) => x.ContactID === inv.Contact.ContactID)).toEqual([]);
      const reopen = async () => {
        const deletes = xero
          .apiRequests()
          .filter((x) => x.method === 'POST' && x.path.endsWith(`/Payments/${original.PaymentID}`));
        expect(deletes.map((d) => d.json)).toEqual([{ Status: 'DELETED' }]);
        expect(xero.payments.get(original.PaymentID)!.Status).toBe('DELETED');
        const live = [...xero.payments.values()].filter(
          (p) => p.InvoiceID === inv.InvoiceID && p.Status === 'AUTHORISED',
        );
        // The payment at the net amount keeps the payment's own date; nothing is left after a full re-open.
        expect(live.map((p) => [p.cents, p.Date])).toEqual(c.size === 'full' ? [] : [[PAID - base, payDay]]);
        expect(xero.amountDue(invoice)).toBe(100000 - PAID + base);
        expect(await jobOf(t, payment.id, 'xero', r.id)).toMatchObject({
          status: 'delivered',
          last_error: null,
        });
        expect((await entriesOf(t, r.id)).map((e) => [e.step, e.entry_date])).toEqual([
          ['surcharge_refund', refundDay],
          ['payment_changed', payDay],
        ]);
        expect((await paymentRow(t, payment.id)).xero_sync_status).toBe('synced');
      };
      if (!c.reconciled) {
        expect(writes).toEqual([
          'PUT /BankTransactions',
          `POST /Payments/${original.PaymentID}`,
          ...(c.size === 'full' ? [] : ['PUT /Payments']),
        ]);
        await reopen();
        return;
      }

      // Reconciled: Xero would refuse the change, so nothing is sent; the refund needs attention.
      expect(writes).toEqual(['PUT /BankTransactions']);
      expect(xero.payments.get(original.PaymentID)).toMatchObject({ Status: 'AUTHORISED', cents: PAID });
      expect(xero.amountDue(invoice)).toBe(100000 - PAID);
      const job = await jobOf(t, payment.id, 'xero', r.id);
      expect(job.status).toBe('failed');
      expect(job.last_error).toBe(
        `Xero refuses to change the payment of A$400.37 dated ${payDay} on invoice ${invoice}: it is reconciled. Unreconcile it in Xero (the bank account's reconciled transactions), then retry this sync to record the re-open refund.`,
      );
      expect(await paymentRow(t, payment.id)).toMatchObject({
        xero_sync_status: 'failed',
        xero_sync_error: job.last_error,
      });
      const listed = await json(t.app, 'GET', '/api/admin/accounting/attention', undefined, admin);
      expect(listed.status).toBe(200);
      expect(listed.body.filter((a: { subject_id: string }) => a.subject_id === r.id)).toEqual([
        expect.objectContaining({
          subject_type: 'refund',
          provider: 'xero',
          payment_id: payment.id,
          invoice_number: invoice,
          message: job.last_error,
          job_id: job.id,
          kind: 'reopen',
          amount: base,
        }),
      ]);
      const shown = await json(
        t.app,
        'GET',
        `/api/admin/payments/${payment.id}/accounting-records`,
        undefined,
        admin,
      );
      expectShape(AccountingRecords, shown.body);
      expect(shown.body.refunds).toEqual([
        expect.objectContaining({
          refund_id: r.id,
          kind: 'reopen',
          status: 'needs_attention',
          attention: job.last_error,
          date: refundDay,
          job_id: job.id,
        }),
      ]);
      // Running the worker again changes nothing: it waits for someone, it does not retry for ever.
      expect(await runOutboxOnce(t.deps)).toMatchObject({ claimed: 0 });

      // The admin unreconciles it in Xero, then retries: recorded, and off the list.
      xero.payments.get(original.PaymentID)!.IsReconciled = false;
      const retried = await json(t.app, 'POST', `/api/admin/outbox/${job.id}/retry`, undefined, admin);
      expect(retried.body).toMatchObject({ status: 'delivered' });
      await reopen();
      const after = await json(t.app, 'GET', '/api/admin/accounting/attention', undefined, admin);
      expect(after.body.filter((a: { subject_id: string }) => a.subject_id === r.id)).toEqual([]);
    });

  it('shows each refund’s Xero records on the payment page, and keeps credit and re-open refunds of one payment apart', async () => {
    const { invoice, payment, original } = await paidAndRecorded();
    const credit = await refundLater(payment.id, 'credit', 10011);
    const reopen = await refund(t, admin, payment.id, 'reopen', 5003);
    await runOutboxOnce(t.deps);
    await runOutboxOnce(t.deps);
    // Xero's amount due rises by the re-opened part only; the credited part is not owed any more.
    expect(xero.amountDue(invoice)).toBe(100000 - PAID + 5003);
    const live = [...xero.payments.values()].filter(
      (p) => p.InvoiceID === xero.invoices.get(invoice)!.InvoiceID && p.Status === 'AUTHORISED',
    );
    expect(live.map((p) => p.cents)).toEqual([PAID - 5003]);
    expect(xero.payments.get(original.PaymentID)!.Status).toBe('DELETED');
    const res = await json(
      t.app,
      'GET',
      `/api/admin/payments/${payment.id}/accounting-records`,
      undefined,
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      provider: 'xero',
      payment: { external_payment_id: live[0].PaymentID, payment_amount: PAID - 5003 },
    });
    expect(res.body.refunds).toEqual([
      expect.objectContaining({
        refund_id: credit.id,
        kind: 'credit',
        status: 'recorded',
        date: refundDay,
        entries: [
          expect.objectContaining({
            step: 'credit_note',
            label: 'Credit note',
            external_number: expect.stringMatching(/^CN-\d{4}$/),
            amount: 10011,
            date: refundDay,
          }),
          expect.objectContaining({
            step: 'credit_refund',
            label: 'Cash refund of the credit note',
            amount: 10011,
          }),
          expect.objectContaining({ step: 'surcharge_refund', amount: credit.surcharge }),
        ],
      }),
      expect.objectContaining({
        refund_id: reopen.id,
        kind: 'reopen',
        status: 'recorded',
        entries: [
          expect.objectContaining({ step: 'surcharge_refund', amount: reopen.surcharge }),
          expect.objectContaining({
            step: 'payment_changed',
            label: 'Payment on the invoice lowered (re-open)',
            external_id: live[0].PaymentID,
            amount: 5003,
            date: payDay,
          }),
        ],
      }),
    ]);
  });

  it('records a credit refund in a zero-decimal currency (JPY) in whole yen', async () => {
    const merchant = await createConnectedMerchant(t);
    await connectXero(t, xero, admin, merchant.id);
    const invoice = `INV-JPY${++n}`;
    xero.addInvoice(invoice, 98765, 'JPY');
    const payment = await payInvoice(t, {
      merchant: merchant.id,
      invoice,
      amount: 54321,
      currency: 'JPY',
      linkAmount: '98765',
    });
    await runOutboxOnce(t.deps);
    const r = await refundLater(payment.id, 'credit', 1235);
    await runOutboxOnce(t.deps);
    const puts = xero
      .apiRequests()
      .filter((x) => x.method === 'PUT')
      .slice(-3);
    expect(puts[0].json.CreditNotes[0]).toMatchObject({
      CurrencyCode: 'JPY',
      LineItems: [{ UnitAmount: 1235, Quantity: 1 }],
    });
    expect(puts[1].json.Payments[0]).toMatchObject({ Amount: 1235, Date: refundDay });
    expect(puts[2].json.BankTransactions[0]).toMatchObject({
      Type: 'SPEND',
      LineItems: [{ UnitAmount: r.surcharge }],
    });
    expect(Number.isInteger(puts[2].json.BankTransactions[0].LineItems[0].UnitAmount)).toBe(true);
    expect(xero.amountDue(invoice)).toBe(98765 - 54321);
    expect(await jobOf(t, payment.id, 'xero', r.id)).toMatchObject({ status: 'delivered' });
  });

  it('says which setting is missing when no credit account was chosen, and records the refund once it is', async () => {
    const merchant = await createConnectedMerchant(t);
    await connectXero(t, xero, admin, merchant.id, {
      payment_account_code: '090',
      surcharge_account_code: '260',
    });
    const invoice = `INV-R${++n}`;
    xero.addInvoice(invoice, 100000);
    const payment = await payInvoice(t, { merchant: merchant.id, invoice, amount: PAID });
    const r = await refund(t, admin, payment.id, 'credit', 10011);
    await runOutboxOnce(t.deps); // the payment's job first, then its refund's
    await runOutboxOnce(t.deps);
    expect(await jobOf(t, payment.id, 'xero')).toMatchObject({ status: 'delivered' }); // the payment itself is recorded
    const job = await jobOf(t, payment.id, 'xero', r.id);
    expect(job).toMatchObject({
      status: 'failed',
      last_error: 'Choose the Xero account that credit notes for refunds are booked to (accounting settings)',
    });
    await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${merchant.id}/accounting/settings`,
      { payment_account_code: '090', surcharge_account_code: '260', credit_account_code: '200' },
      admin,
    );
    const retried = await json(t.app, 'POST', `/api/admin/outbox/${job.id}/retry`, undefined, admin);
    expect(retried.body).toMatchObject({ status: 'delivered' });
    expect((await entriesOf(t, r.id)).map((e) => e.step)).toEqual([
      'credit_note',
      'credit_refund',
      'surcharge_refund',
    ]);
  });

  it('leaves refunds the previous version recorded (migration 032) as they are, and records new ones the new way', async () => {
    const { invoice, inv, payment, original } = await paidAndRecorded();
    const old = await refundLater(payment.id, 'reopen', 10011);
    // What the previous version did for it: the payment and the surcharge replaced at the net amounts.
    xero.payments.get(original.PaymentID)!.Status = 'DELETED';
    const net = xero.addPayment({
      kind: 'invoice',
      targetId: inv.InvoiceID,
      currency: 'AUD',
      p: { Account: { Code: '090' }, Date: payDay },
      amount: PAID - 10011,
    });
    const db = t.deps.database.db;
    await db
      .updateTable('accounting_records')
      .set({
        external_payment_id: net.PaymentID,
        payment_amount: PAID - 10011,
        surcharge_amount: payment.surcharge - old.surcharge,
      })
      .where('payment_id', '=', payment.id)
      .execute();
    await db.updateTable('outbox').set({ status: 'delivered' }).where('refund_id', '=', old.id).execute();
    const backfill = splitStatements(readFileSync('api/db/migrations/032-accounting-entries.sql', 'utf8')).at(
      -1,
    )!;
    expect(backfill).toMatch(/^INSERT INTO accounting_entries/);
    await sql.raw(backfill).execute(db);

    const before = xero.apiRequests().length;
    const synced = await json(
      t.app,
      'POST',
      `/api/admin/payments/${payment.id}/sync-to-xero`,
      undefined,
      admin,
    );
    expect(synced.body).toMatchObject({ synced: true, message: 'Recorded in Xero.' });
    expect(
      xero
        .apiRequests()
        .slice(before)
        .filter((r) => r.method !== 'GET'),
    ).toEqual([]); // nothing recorded twice
    const shown = await json(
      t.app,
      'GET',
      `/api/admin/payments/${payment.id}/accounting-records`,
      undefined,
      admin,
    );
    expect(shown.body.refunds).toEqual([
      expect.objectContaining({
        refund_id: old.id,
        status: 'recorded',
        entries: [expect.objectContaining({ step: 'legacy' })],
      }),
    ]);

    const next = await refund(t, admin, payment.id, 'reopen', 5003);
    await runOutboxOnce(t.deps);
    expect(xero.payments.get(net.PaymentID)!.Status).toBe('DELETED');
    const live = [...xero.payments.values()].filter(
      (p) => p.InvoiceID === inv.InvoiceID && p.Status === 'AUTHORISED',
    );
    expect(live.map((p) => p.cents)).toEqual([PAID - 10011 - 5003]);
    expect(xero.amountDue(invoice)).toBe(100000 - PAID + 10011 + 5003);
    expect((await entriesOf(t, next.id)).map((e) => e.step)).toEqual(['surcharge_refund', 'payment_changed']);
  });
});
