/**
 * The widget's create call when the server cannot answer yet (issue 48): a lost answer, a server
 * error or another server still holding the run (409 with `retryAfterSeconds`) is asked again under
 * the same Idempotency-Key, telling the page it is checking; a definite refusal is not retried; and
 * after CHECK_FOR_MS the last error is the caller's.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, CHECK_FOR_MS, PayApi } from '../../widget/src/lib/api.ts';

const quote = { quoteId: 'q1', confirmationToken: 'ctoken_1' } as never;
const input = {
  paySessionId: 'ps',
  invoiceNumber: 'INV-1',
  currency: 'AUD',
  amount: 100,
  quote,
  customerEmail: null,
  reference: null,
};
const inProgress = () =>
  new Response(
    JSON.stringify({
      error: { code: 'idempotency_conflict', message: 'still being processed' },
      retryAfterSeconds: 0.01,
    }),
    { status: 409, headers: { 'content-type': 'application/json' } },
  );
const created = () =>
  new Response(JSON.stringify({ paymentId: 'p1', status: 'succeeded' }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('PayApi.createPayment: no answer yet', () => {
  it('asks again under the same key through a lost answer and an in-progress 409, then returns the outcome', async () => {
    const keys: string[] = [];
    const answers: (() => Response | Promise<Response>)[] = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      inProgress,
      inProgress,
      created,
    ];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      keys.push(new Headers(init.headers).get('idempotency-key')!);
      return answers.shift()!();
    });
    const onChecking = vi.fn();
    const result = await new PayApi('http://127.0.0.1:1').createPayment(input, onChecking);
    expect(result).toMatchObject({ paymentId: 'p1', status: 'succeeded' });
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(1);
    expect(onChecking).toHaveBeenCalled();
  });

  it('does not ask again after a definite refusal', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ error: { code: 'unprocessable', message: 'no' } }), {
          status: 422,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const onChecking = vi.fn();
    await expect(new PayApi('http://127.0.0.1:1').createPayment(input, onChecking)).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onChecking).not.toHaveBeenCalled();
  });

  it('gives the last error to the caller once it has asked for CHECK_FOR_MS', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', async () => inProgress());
    const call = new PayApi('http://127.0.0.1:1').createPayment(input, () => {});
    const outcome = call.then(
      () => 'answered',
      (err: ApiError) => err.status,
    );
    await vi.advanceTimersByTimeAsync(CHECK_FOR_MS + 10_000);
    expect(await outcome).toBe(409);
  });
});
