/**
 * Payments and invoices announce what happened and other domains listen (api/announcer.ts, issue 35): an
 * announcement with nobody listening throws — the payment's transaction rolls back rather than
 * record a payment no accounting record or webhook will follow — listeners hear it in the order
 * they registered, and registering one twice (the app's wiring runs per app) hears it once.
 */
import { describe, expect, it } from 'vitest';
import { invoiceEvents, type InvoiceEvent } from '../../../api/invoices/events.ts';
import { announce, listenToPayments, type PaymentEvent } from '../../../api/payments/events.ts';

const failed: PaymentEvent = { type: 'payment.failed', paymentId: 'p1', at: new Date(0) };

describe('payment events', () => {
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
});
