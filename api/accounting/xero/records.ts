/**
 * What we create in Xero, each call shaped as Xero's accounting OpenAPI document defines it
 * (XeroAPI/Xero-OpenAPI, xero_accounting.yaml):
 *
 * - invoice lookup: `GET /Invoices?where=Type=="ACCREC" AND InvoiceNumber=="INV-1"` (AmountDue);
 *   what the customer sees of it: `GET /Invoices/{InvoiceID}` (LineItems, dates, totals), and the
 *   same path with `Accept: application/pdf` for Xero's PDF;
 * - a payment on the invoice: `PUT /Payments` (`Payments` of `Payment`: Invoice.InvoiceID,
 *   Account.Code, Date, Amount, Reference); only the invoice (base) part, as Xero refuses a payment
 *   above the amount due; `GET /Payments/{PaymentID}` for IsReconciled; deleted with
 *   `POST /Payments/{PaymentID}` and the `PaymentDelete` schema, `{"Status":"DELETED"}`;
 * - surcharge received / refunded: `PUT /BankTransactions` (`BankTransaction`: Type RECEIVE or
 *   SPEND, Contact, BankAccount.Code, LineItems with the surcharge account, Date, Reference);
 * - credit notes: `PUT /CreditNotes` (ACCRECCREDIT, AUTHORISED, one line on the credit account),
 *   refunded in cash with `PUT /Payments` naming CreditNote.CreditNoteID (a credit refund), or
 *   allocated to the invoice with `PUT /CreditNotes/{CreditNoteID}/Allocations` (a write-off).
 * Every write carries Xero's Idempotency-Key, so a lost answer never creates a second record.
 */
import {
  ConnectorError,
  type ConnectorSession,
  type CreditInput,
  type ExternalInvoice,
  type ExternalRecord,
  type InvoiceContent,
  type RecordInput,
} from '../connector.ts';
import { fromXeroAmount, LABEL, xeroAmount, type XeroPdf, type XeroSend } from './api.ts';

const missing = (what: string) =>
  new ConnectorError(`${LABEL} did not return the new ${what}`, { retryable: true });

export async function findInvoice(send: XeroSend, s: ConnectorSession, invoiceNumber: string) {
  const quoted = invoiceNumber.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
  const where = `Type=="ACCREC" AND InvoiceNumber=="${quoted}"`;
  const body = await send(s, {
    method: 'GET',
    path: `/Invoices?where=${encodeURIComponent(where)}`,
    access: 'invoices.read',
  });
  const inv = (body?.Invoices ?? []).find(
    (i: any) => i.InvoiceNumber === invoiceNumber && !['DELETED', 'VOIDED'].includes(i.Status),
  );
  if (!inv) return null;
  const currency = String(inv.CurrencyCode ?? '').toUpperCase();
  const found: ExternalInvoice = {
    id: inv.InvoiceID,
    number: inv.InvoiceNumber,
    currency,
    amountDue: fromXeroAmount(inv.AmountDue, currency),
    status: inv.Status,
    contactId: inv.Contact?.ContactID ?? null,
  };
  return found;
}

/** A Xero date ("2026-12-01T00:00:00" or "/Date(1795000000000+0000)/") as YYYY-MM-DD, or null. */
export function xeroDay(value: unknown): string | null {
  if (typeof value !== 'string' || !value) return null;
  const ms = /^\/Date\((-?\d+)/.exec(value);
  if (ms) return new Date(Number(ms[1])).toISOString().slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
}

export async function invoiceContent(
  send: XeroSend,
  s: ConnectorSession,
  invoice: ExternalInvoice,
): Promise<InvoiceContent> {
  const body = await send(s, {
    method: 'GET',
    path: `/Invoices/${encodeURIComponent(invoice.id)}`,
    access: 'invoices.read',
  });
  const inv = body?.Invoices?.[0];
  if (!inv)
    throw new ConnectorError(`${LABEL} did not return invoice ${invoice.number}`, { retryable: true });
  const currency = String(inv.CurrencyCode ?? invoice.currency).toUpperCase();
  const amount = (v: unknown) => fromXeroAmount(v, currency);
  return {
    number: inv.InvoiceNumber ?? invoice.number,
    currency,
    issueDate: xeroDay(inv.DateString ?? inv.Date),
    dueDate: xeroDay(inv.DueDateString ?? inv.DueDate),
    reference: inv.Reference ? String(inv.Reference) : null,
    lines: (inv.LineItems ?? []).map((l: any) => ({
      description: String(l.Description ?? l.Item?.Name ?? ''),
      quantity: l.Quantity == null ? null : Number(l.Quantity),
      unitAmount: l.UnitAmount == null ? null : amount(l.UnitAmount),
      amount: amount(l.LineAmount),
    })),
    subtotal: amount(inv.SubTotal),
    tax: amount(inv.TotalTax),
    total: amount(inv.Total),
    amountDue: amount(inv.AmountDue),
  };
}

export const invoicePdf = (pdf: XeroPdf, s: ConnectorSession, invoice: ExternalInvoice) =>
  pdf(s, `/Invoices/${encodeURIComponent(invoice.id)}`, 'invoices.read');

/**
 * A Xero payment into the deposit account, on an invoice or (a cash refund) on a credit note:
 * one `PUT /Payments`, answering its PaymentID.
 */
async function putPayment(
  send: XeroSend,
  s: ConnectorSession,
  on: { Invoice: { InvoiceID: string } } | { CreditNote: { CreditNoteID: string } },
  i: Omit<RecordInput, 'invoice'>,
  what: string,
) {
  const body = await send(s, {
    method: 'PUT',
    path: '/Payments',
    access: 'payments',
    idempotencyKey: i.idempotencyKey,
    body: {
      Payments: [
        {
          ...on,
          Account: { Code: i.depositAccount },
          Date: i.date,
          Amount: xeroAmount(i.amount, i.currency),
          Reference: i.reference,
        },
      ],
    },
  });
  const id = body?.Payments?.[0]?.PaymentID;
  if (!id) throw missing(what);
  return id as string;
}

export function createPayment(send: XeroSend, s: ConnectorSession, i: RecordInput) {
  return putPayment(send, s, { Invoice: { InvoiceID: i.invoice.id } }, i, 'payment');
}

/** Null when the payment is gone (deleted in Xero). */
export async function paymentState(send: XeroSend, s: ConnectorSession, id: string) {
  try {
    const body = await send(s, {
      method: 'GET',
      path: `/Payments/${encodeURIComponent(id)}`,
      access: 'payments.read',
    });
    const p = body?.Payments?.[0];
    if (!p || p.Status === 'DELETED') return null;
    return { reconciled: p.IsReconciled === true };
  } catch (err) {
    if (err instanceof ConnectorError && err.status === 404) return null;
    throw err;
  }
}

export async function deletePayment(send: XeroSend, s: ConnectorSession, id: string, key: string) {
  if ((await paymentState(send, s, id)) === null) return; // deleted already (by hand, or by our earlier attempt)
  await send(s, {
    method: 'POST',
    path: `/Payments/${encodeURIComponent(id)}`,
    access: 'payments',
    idempotencyKey: key,
    body: { Status: 'DELETED' },
  });
}

export async function createBankTransaction(
  send: XeroSend,
  s: ConnectorSession,
  type: 'RECEIVE' | 'SPEND',
  i: RecordInput,
  description: string,
) {
  if (!i.incomeAccount)
    throw new ConnectorError('No account was chosen for the surcharge', { retryable: false });
  const body = await send(s, {
    method: 'PUT',
    path: '/BankTransactions',
    access: 'banktransactions',
    idempotencyKey: i.idempotencyKey,
    body: {
      BankTransactions: [
        {
          Type: type,
          Contact: { ContactID: i.invoice.contactId },
          BankAccount: { Code: i.depositAccount },
          Date: i.date,
          Reference: i.reference,
          CurrencyCode: i.currency,
          LineAmountTypes: 'Inclusive',
          LineItems: [
            {
              Description: description,
              Quantity: 1,
              UnitAmount: xeroAmount(i.amount, i.currency),
              AccountCode: i.incomeAccount,
            },
          ],
        },
      ],
    },
  });
  const id = body?.BankTransactions?.[0]?.BankTransactionID;
  if (!id) throw missing(type === 'RECEIVE' ? 'money received' : 'money spent');
  return id as string;
}

export async function createCreditNote(
  send: XeroSend,
  s: ConnectorSession,
  c: CreditInput,
): Promise<ExternalRecord> {
  const body = await send(s, {
    method: 'PUT',
    path: '/CreditNotes',
    access: 'invoices',
    idempotencyKey: c.idempotencyKey,
    body: {
      CreditNotes: [
        {
          Type: 'ACCRECCREDIT',
          Contact: { ContactID: c.invoice.contactId },
          Date: c.date,
          Status: 'AUTHORISED',
          CurrencyCode: c.currency,
          Reference: c.reference,
          LineAmountTypes: 'Inclusive',
          LineItems: [
            {
              Description: c.description,
              Quantity: 1,
              UnitAmount: xeroAmount(c.amount, c.currency),
              AccountCode: c.creditAccount,
            },
          ],
        },
      ],
    },
  });
  const note = body?.CreditNotes?.[0];
  if (!note?.CreditNoteID) throw missing('credit note');
  return { id: note.CreditNoteID, number: note.CreditNoteNumber ?? null };
}

/** Refund a credit note in cash from the bank account: a payment on the credit note. */
export function refundCreditNote(
  send: XeroSend,
  s: ConnectorSession,
  creditNoteId: string,
  i: Omit<RecordInput, 'invoice'>,
) {
  return putPayment(send, s, { CreditNote: { CreditNoteID: creditNoteId } }, i, 'refund of the credit note');
}

export async function allocateCreditNote(
  send: XeroSend,
  s: ConnectorSession,
  creditNoteId: string,
  c: CreditInput,
) {
  const body = await send(s, {
    method: 'PUT',
    path: `/CreditNotes/${encodeURIComponent(creditNoteId)}/Allocations`,
    access: 'invoices',
    idempotencyKey: c.idempotencyKey,
    body: {
      Allocations: [
        { Amount: xeroAmount(c.amount, c.currency), Invoice: { InvoiceID: c.invoice.id }, Date: c.date },
      ],
    },
  });
  const allocation = body?.Allocations?.[0];
  if (!allocation) throw missing('allocation');
  return (allocation.AllocationID as string | undefined) ?? `${creditNoteId}/allocation`;
}
