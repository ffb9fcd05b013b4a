/**
 * The console's API called directly from the browser tests, for set-up and for checks beside what
 * the page shows: an authorised call, a payment made over HTTP as the widget does (waited for until
 * it has succeeded), and the answer a test gives when it makes the server fail at the network edge.
 */
import { expect } from 'vitest';
import { payOverHttp, type TestMerchant } from './pay-fixtures.ts';

/** A 500 in the API's error shape, for `page.route(…, (route) => route.fulfill(serverError))`. */
export const serverError = {
  status: 500,
  contentType: 'application/json',
  body: JSON.stringify({ error: { code: 'internal', message: 'Internal error' } }),
};

export interface AdminPayment {
  id: string;
  status: string;
  invoice_number: string;
  amount: number;
  surcharge: number;
  total_amount: number;
  currency: string;
}

/** `method path` with the admin's token on /api/admin paths; the status and the JSON body (or null). */
export async function callApi<T = unknown>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(path.startsWith('/api/admin') ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}

/** Pay `amount` (minor units) of an invoice over HTTP as the widget does; resolves once it has succeeded. */
export async function paySucceeded(
  baseUrl: string,
  token: string,
  m: TestMerchant,
  invoice: string,
  amount: number,
): Promise<AdminPayment> {
  const created = await payOverHttp(baseUrl, {
    merchant: m.id,
    invoice,
    linkAmount: (amount / 100).toFixed(2),
    amount,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const p = await callApi<AdminPayment>(
      baseUrl,
      token,
      'GET',
      `/api/admin/payments/${created.body.paymentId}`,
    );
    if (p.body?.status === 'succeeded') return p.body;
    if (Date.now() > deadline) throw new Error(`payment not succeeded: ${JSON.stringify(p.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
