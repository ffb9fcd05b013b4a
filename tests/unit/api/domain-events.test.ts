/**
 * Payments and invoices announce what happened and other domains listen (api/announcer.ts, issue 35): an
 * announcement with nobody listening throws — the payment's transaction rolls back rather than
 * record a payment no accounting record or webhook will follow — listeners hear it in the order
 * they registered, and registering one twice (the app's wiring runs per app) hears it once.
 */
import { describe, expect, it } from 'vitest';
import { invoiceEvents, type InvoiceEvent } from '../../../api/invoices/events.ts';
import { answerAmountDueWith, liveAmountDue } from '../../../api/payments/amount-due.ts';
import { announce, listenToPayments, type PaymentEvent } from '../../../api/payments/events.ts';

const failed: PaymentEvent = { type: 'payment.failed', paymentId: 'p1', at: new Date(0) };

describe('domain events', () => {
  it('refuses to announce with nobody listening, then tells each listener once, in order', async () => {
    await expect(announce({} as never, failed)).rejects.toThrow(/nobody listens for payment.failed/);
    const heard: string[] = [];
    const first = async (_trx: unknown, e: PaymentEvent) => void heard.push(`first ${e.type}`);
    const second = async (_trx: unknown, e: PaymentEvent) => void heard.push(`second ${e.type}`);
    listenToPayments(first);
    listenToPayments(second);
    listenToPayments(first);
    await announce({} as never, failed);
    expect(heard).toEqual(['first payment.failed', 'second payment.failed']);
  });

  it('invoices announce on their own: a listener of payments does not make invoice.paid heard', async () => {
    const paid: InvoiceEvent = { type: 'invoice.paid', invoiceId: 'i1', at: new Date(0) };
    await expect(invoiceEvents.announce({} as never, paid)).rejects.toThrow(
      /invoices: nobody listens for invoice.paid/,
    );
    const heard: string[] = [];
    invoiceEvents.listen(
      async (_trx, e) => void heard.push(e.type === 'invoice.paid' ? `${e.type} ${e.invoiceId}` : e.type),
    );
    await invoiceEvents.announce({} as never, paid);
    expect(heard).toEqual(['invoice.paid i1']);
  });

  it("payments refuse to go on without accounting's answer to the live amount due, then ask it", async () => {
    await expect(liveAmountDue({} as never, 'm1', 'INV-1', 'AUD')).rejects.toThrow(
      /nothing answers an invoice's live amount due/,
    );
    const asked: string[] = [];
    answerAmountDueWith(async (_deps, merchantId, invoiceNumber, currency) => {
      asked.push(`${merchantId} ${invoiceNumber} ${currency}`);
      return { amountDue: 75_000 };
    });
    expect(await liveAmountDue({} as never, 'm1', 'INV-1', 'AUD')).toEqual({ amountDue: 75_000 });
    expect(asked).toEqual(['m1 INV-1 AUD']);
  });
});
