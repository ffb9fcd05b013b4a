/**
 * The curl walkthrough (examples/curl/walkthrough.sh) runs as a script against a started server in
 * sandbox mode with the seed's demo merchant: pay session → confirmation token → quote → pay (the
 * server confirms; idempotent retry) → refresh → details; the server's own record agrees. Run with jq and with the
 * node fallback (machines without jq).
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server.ts';
import { demoMerchantId, freshInvoice } from './support/examples.ts';

const SCRIPT = 'examples/curl/walkthrough.sh';

function walkthrough(args: string[], env: Record<string, string> = {}) {
  const run = spawnSync('bash', [SCRIPT, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    timeout: 30_000,
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

const result = (out: string) =>
  Object.fromEntries(
    (/^RESULT (.*)$/m.exec(out)?.[1] ?? '')
      .split(' ')
      .filter(Boolean)
      .map((kv) => kv.split('=') as [string, string]),
  );

describe('examples: curl walkthrough', () => {
  let server: RunningServer;
  let merchantId: string;
  beforeAll(async () => {
    server = await startServer();
    merchantId = await demoMerchantId(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each([
    ['with jq', {}],
    ['with the node fallback', { NO_JQ: '1' }],
  ])('pays 250.00 of a 1,250.00 invoice %s, and the server agrees', async (_label, extra) => {
    const invoice = freshInvoice('INV-CURL');
    const run = walkthrough([`${server.baseUrl}/`, merchantId], { INVOICE: invoice, ...extra });
    expect(run.err, run.out).toBe('');
    expect(run.code, run.out).toBe(0);
    expect(run.out).toContain('retried with the same Idempotency-Key: payment');
    expect(run.out).toContain('(same)');
    const r = result(run.out);
    expect(r).toMatchObject({
      status: 'succeeded',
      amount: '25000',
      surcharge: '738',
      total: '25738',
      remaining: '100000',
    });
    expect(r.intent).toMatch(/^pi_/);

    // One payment (the retry did not charge twice), recorded against that invoice.
    const session = await fetch(
      `${server.baseUrl}/api/pay/session?merchant=${merchantId}&invoice=${invoice}&amount=1250.00&currency=AUD`,
    ).then((res) => res.json());
    expect(session.invoice.balance).toBe(100000);
    expect(session.invoice.history).toEqual([
      expect.objectContaining({ amount: 25000, surcharge: 738, total: 25738 }),
    ]);
  });

  it('explains its usage when the merchant id is missing, and stops on an API error', () => {
    const usage = walkthrough([server.baseUrl]);
    expect(usage.code).toBe(2);
    expect(usage.err).toMatch(/^usage: .*BASE_URL MERCHANT_ID/);
    const unknown = walkthrough([server.baseUrl, '00000000-0000-4000-8000-000000000000']);
    expect(unknown.code).toBe(1);
    expect(unknown.out + unknown.err).toMatch(/not_found|find the merchant/i);
    expect(unknown.out).not.toContain('RESULT');
  });
});
