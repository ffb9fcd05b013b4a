/**
 * Customers paying a stream of invoices through a real server that may die under them (the crash
 * tests): pay session → sandbox confirmation token → quote → create-and-confirm (the server
 * confirms: succeeded, declined, or no answer) → refresh. Five payments per invoice of 1,000.00,
 * 250.00–400.00 each, 15 % of them with a declined card. A step that meets a dead server is counted
 * as interrupted and the customer carries on, as a real one retries. A request left without any
 * answer gives up after REQUEST_TIMEOUT_MS, as a browser or load balancer would, and is counted as
 * hung. With WORKERS=2 and node:cluster's round-robin hand-off, a request could get no answer at all
 * after a worker was SIGKILLed (the primary kept a connection the dead worker never acknowledged);
 * workers now accept their own connections (api/cluster.ts), and the crash-workers test requires
 * that none hangs.
 */
export interface CrashCustomerStats {
  attempts: number;
  confirmed: number;
  interrupted: number;
  /** Requests that got no answer within REQUEST_TIMEOUT_MS (and were abandoned). */
  hung: number;
  swept: number;
}

const REQUEST_TIMEOUT_MS = 15_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function startCustomers(options: {
  base: string;
  merchant: { id: string; accountId: string };
  count: number;
  /** Invoice numbers are `${prefix}-N`. */
  prefix: string;
}) {
  const { base, merchant } = options;
  let running = true;
  let sequence = 0;
  const stats: CrashCustomerStats = { attempts: 0, confirmed: 0, interrupted: 0, hung: 0, swept: 0 };
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  const customer = async () => {
    while (running) {
      const n = sequence++;
      const invoice = `${options.prefix}-${Math.floor(n / 5)}`;
      try {
        stats.attempts++;
        const session = await fetch(
          `${base}/api/pay/session?merchant=${merchant.id}&invoice=${invoice}&amount=1,000.00&currency=AUD`,
          { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) },
        );
        if (session.status !== 200) continue;
        const { paySessionId, invoice: inv } = (await session.json()) as {
          paySessionId: string;
          invoice: { balance: number };
        };
        if (!inv.balance) continue;
        const amount = Math.min(inv.balance, 25_000 + Math.floor(Math.random() * 4) * 5_000);
        const card = Math.random() < 0.85 ? '4242424242424242' : '4000000000000002';
        const token = await post('/api/sandbox/confirmation_tokens', {
          payment_method_data: { card: { number: card, exp_month: 12, exp_year: 2034, cvc: '123' } },
          stripe_account: merchant.accountId,
        });
        if (token.status !== 200) continue;
        const { id: confirmationToken } = (await token.json()) as { id: string };
        const where = { amount, currency: 'aud', paySessionId };
        const quote = await post('/api/payments/quote', { ...where, confirmationToken });
        if (quote.status !== 200) continue;
        const { quoteId } = (await quote.json()) as { quoteId: string };
        const created = await post(
          '/api/payments/create-payment-intent',
          { ...where, confirmationToken, quoteId },
          { 'idempotency-key': `${options.prefix}-${n}` },
        );
        if (created.status !== 200) continue;
        const payment = (await created.json()) as { paymentId: string; status: string };
        if (payment.status === 'succeeded') stats.confirmed++;
        await post(`/api/pay/payments/${payment.paymentId}/refresh`, {});
      } catch (err) {
        if ((err as Error).name === 'TimeoutError') stats.hung++;
        else stats.interrupted++; // the server (or the worker serving this connection) died
        await sleep(50);
      }
    }
  };
  const customers = Array.from({ length: options.count }, customer);
  return {
    stats,
    async stop() {
      running = false;
      await Promise.all(customers);
    },
  };
}
