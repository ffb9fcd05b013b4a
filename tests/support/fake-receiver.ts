/**
 * An automation-webhook receiver as an integrator would run it, for delivery tests: it records every
 * request, applies each Idempotency-Key's payment once (a repeat is acknowledged, not re-applied), and
 * can answer with a planned sequence of statuses (e.g. 500, 500, then 200) or slowly.
 */
import { startFakeHttp, type FakeHttp, type RecordedRequest } from './fake-http.ts';

export interface Receiver extends FakeHttp {
  /** Idempotency-Key → the body applied for it (once). */
  applied: Map<string, any>;
  /** How many times each key arrived. */
  seen: Map<string, number>;
  deliveries: RecordedRequest[];
}

export async function startReceiver(
  options: {
    statuses?: number[];
    delayMs?: number;
    alwaysStatus?: number;
    headers?: Record<string, string>;
  } = {},
): Promise<Receiver> {
  const applied = new Map<string, any>();
  const seen = new Map<string, number>();
  const planned = [...(options.statuses ?? [])];
  const fake = await startFakeHttp((req) => {
    const key = String(req.headers['idempotency-key'] ?? '');
    seen.set(key, (seen.get(key) ?? 0) + 1);
    const status = planned.length ? planned.shift()! : (options.alwaysStatus ?? 200);
    // The effect happens on receipt: a sender that dies before reading the answer still caused it.
    if (status >= 200 && status < 300 && key && !applied.has(key)) applied.set(key, req.json);
    return {
      status,
      body: status < 300 ? { ok: true } : { error: 'receiver failed' },
      delayMs: options.delayMs,
      headers: options.headers,
    };
  });
  return Object.assign(fake, { applied, seen, deliveries: fake.requests });
}
