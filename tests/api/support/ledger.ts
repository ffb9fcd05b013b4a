/**
 * Helpers for the ledger suites (DESIGN §3.3), on top of support/payments.ts (whose helpers keep
 * their signatures whatever way a payment is confirmed): the console's invoice page and actions,
 * admin refunds of a kind, mark-recorded, and reservations placed directly in the ledger.
 */
import { expect } from 'vitest';
import { InvoiceLedger } from '../../../api/invoices/admin-schema.ts';
import { json, type TestApp } from '../../support/app.ts';
import { expectShape } from './shape.ts';

export type Admin = { authorization: string };

export async function invoiceIdOf(t: TestApp, merchantId: string, invoiceNumber: string, currency = 'AUD') {
  const { invoiceNumberKey } = await import('../../../core/invoice-number.ts');
  const row = await t.deps.database.db
    .selectFrom('invoices')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('number_key', '=', invoiceNumberKey(invoiceNumber))
    .where('currency', '=', currency)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The console's invoice page (GET /api/admin/invoices/{id}/ledger), checked against its declared schema. */
export async function ledgerPage(t: TestApp, admin: Admin, invoiceId: string) {
  const res = await json(t.app, 'GET', `/api/admin/invoices/${invoiceId}/ledger`, undefined, admin);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expectShape(InvoiceLedger, res.body);
  return res.body;
}

export async function refundAs(
  t: TestApp,
  admin: Admin,
  paymentId: string,
  body: { amount?: number; kind?: 'credit' | 'reopen'; reason?: string },
) {
  const res = await json(t.app, 'POST', `/api/admin/payments/${paymentId}/refund`, body, admin);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export async function markRecorded(t: TestApp, admin: Admin, paymentId: string, refundId?: string) {
  const res = await json(
    t.app,
    'POST',
    `/api/admin/payments/${paymentId}/mark-recorded`,
    refundId ? { refundId } : {},
    admin,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export async function writeOff(
  t: TestApp,
  admin: Admin,
  invoiceId: string,
  reason = 'Below the card minimum',
) {
  return json(t.app, 'POST', `/api/admin/invoices/${invoiceId}/write-off`, { reason }, admin);
}

export async function dismiss(
  t: TestApp,
  admin: Admin,
  invoiceId: string,
  observationId: string,
  reason = 'Typed link, not from the accounting tool',
) {
  return json(
    t.app,
    'POST',
    `/api/admin/invoices/${invoiceId}/observations/${observationId}/dismiss`,
    { reason },
    admin,
  );
}

/**
 * `n` unconfirmed reservations on an invoice, placed straight in the ledger as attempts whose intent
 * the provider never made (no connected account): the expiry sweep releases them without a call.
 */
export async function placeReservations(
  t: TestApp,
  o: {
    merchantId: string;
    invoiceId: string;
    invoiceNumber: string;
    n: number;
    amount: number;
    until: string;
  },
) {
  const now = t.clock.now().toISOString();
  const db = t.deps.database.db;
  const rows = Array.from({ length: o.n }, () => ({
    id: crypto.randomUUID(),
    merchant_id: o.merchantId,
    invoice_id: o.invoiceId,
    invoice_number: o.invoiceNumber,
    currency: 'AUD',
    amount: o.amount,
    total_amount: o.amount,
    status: 'pending' as const,
    reserved_until: o.until,
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < rows.length; i += 100)
    await db
      .insertInto('payments')
      .values(rows.slice(i, i + 100))
      .execute();
  await db
    .updateTable('invoices')
    .set((eb) => ({ reserved_amount: eb('reserved_amount', '+', o.n * o.amount) }))
    .where('id', '=', o.invoiceId)
    .execute();
}
