/**
 * The payment load of the benchmarks (create-payment.ts, bench/profile.ts): autocannon connections
 * that each pay as the widget does — quote, then create-and-confirm with the quote id and a fresh
 * Idempotency-Key — from confirmation tokens made beforehand. Nine payments in ten go to a fresh
 * invoice; one in ten to one of HOT_INVOICES invoices whose link says 1,000.00, for 300.00 each.
 */
import autocannon from 'autocannon';
import type { AppServer } from '../servers/app-server.ts';

export const HOT_INVOICES = 20;

interface Step {
  body?: Record<string, unknown>;
  quoteId?: string;
}

export interface PaymentCounts {
  quoted: number;
  quoteRefused: number;
  confirmed: number;
  refused: number;
  other: Map<string, number>;
}

export function paymentLoad(server: Pick<AppServer, 'baseUrl'>, merchant: { id: string }, tokens: string[]) {
  let nextToken = 0;
  let seq = 0;
  const counts: PaymentCounts = { quoted: 0, quoteRefused: 0, confirmed: 0, refused: 0, other: new Map() };
  const other = (what: string) => counts.other.set(what, (counts.other.get(what) ?? 0) + 1);
  const reset = () => {
    counts.confirmed = counts.refused = counts.quoted = counts.quoteRefused = 0;
    counts.other.clear();
  };
  const load = (duration: number) =>
    autocannon({
      url: server.baseUrl,
      duration,
      connections: 20,
      requests: [
        {
          method: 'POST',
          path: '/api/payments/quote',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req, context: Step) => {
            const i = seq++;
            const hot = i % 10 === 9;
            const token = tokens[nextToken++];
            if (!token) throw new Error('ran out of confirmation tokens');
            context.body = {
              merchantId: merchant.id,
              currency: 'aud',
              invoiceNumber: hot ? `HOT-${Math.floor(i / 10) % HOT_INVOICES}` : `INV-${i}`,
              amountDue: 100_000,
              amount: hot ? 30_000 : 10_000,
              confirmationToken: token,
            };
            context.quoteId = undefined;
            return { ...req, body: JSON.stringify(context.body) };
          },
          onResponse: (status, body, context: Step) => {
            if (status === 200) {
              counts.quoted++;
              context.quoteId = (JSON.parse(body) as { quoteId: string }).quoteId;
            } else if (status === 422) counts.quoteRefused++;
            else other(`quote ${status}`);
          },
        },
        {
          method: 'POST',
          path: '/api/payments/create-payment-intent',
          setupRequest: (req, context: Step) => {
            if (!context.quoteId) return null as never; // refused at the quote: on to the next payment
            return {
              ...req,
              headers: {
                'content-type': 'application/json',
                'idempotency-key': `bench-${seq}-${context.quoteId.slice(-16)}`,
              },
              body: JSON.stringify({
                ...context.body,
                quoteId: context.quoteId,
                customerEmail: 'builder@example.test',
              }),
            };
          },
          onResponse: (status, body) => {
            if (status === 200 && (JSON.parse(body) as { status: string }).status === 'succeeded')
              counts.confirmed++;
            else if (status === 422) counts.refused++;
            else other(`create ${status}`);
          },
        },
      ],
    });
  return { counts, load, reset };
}
