/**
 * Webhook signing-secret rotation and the verification snippets of docs/webhooks/ (Node, PHP,
 * Python), against real signed deliveries from the outbox to a local receiver: during the 24 h
 * after a rotation every delivery carries both signatures, so a receiver holding either secret
 * verifies it; after that only the new secret does. Each snippet verifies a real delivery and
 * refuses a tampered body and a wrong secret. The console's delivery log has each attempt's request
 * (as signed) and answer.
 */
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifySignature } from '../../examples/webhook-receiver/server.mjs';
import { runOutboxOnce } from '../../api/accounting/sync/worker.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { startReceiver, type Receiver } from '../support/fake-receiver.ts';
import { createConnectedMerchant, payThroughLink } from './support/payments.ts';

const skip = await skipPostgres();
const HOUR = 3_600_000;

const ALL_SNIPPETS: Array<[string, string[]]> = [
  ['node', [process.execPath, 'docs/webhooks/verify.mjs']],
  ['php', ['php', 'docs/webhooks/verify.php']],
  ['python', ['python3', 'docs/webhooks/verify.py']],
];
/**
 * The snippets whose interpreter this machine has. Without `php` or `python3` that snippet is
 * skipped with a printed reason, as the README's other optional tools are (issue 51 item 8) — except
 * on CI, which installs them: there a missing one fails the test.
 */
const SNIPPETS = ALL_SNIPPETS.filter(([name, [command]]) => {
  if (command === process.execPath || process.env.CI) return true;
  const present = spawnSync(command!, [name === 'php' ? '-v' : '--version']).status === 0;
  if (!present) console.warn(`webhook-rotation: skipping the ${name} snippet (${command} is not installed)`);
  return present;
});

/** Run a snippet as its own process, as its README shows: secret in the environment, body on stdin. */
function runSnippet(command: string[], secret: string, header: string, body: string) {
  const run = spawnSync(command[0], [...command.slice(1), header], {
    input: body,
    env: { PATH: process.env.PATH, INVOICEPAY_WEBHOOK_SECRET: secret },
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { code: run.status, out: `${run.stdout}${run.stderr}`.trim() };
}

const signaturesIn = (header: string) => header.split(',').filter((p) => p.startsWith('v1='));

describe.skipIf(skip)(`webhook secret rotation and verification snippets (${testDialect})`, () => {
  let t: TestApp;
  let admin: { authorization: string };
  const receivers: Receiver[] = [];
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ autoDeliverEvents: false, env: { OUTBOUND_ALLOWLIST: '127.0.0.1' } });
    // Deliveries are signed at the app's clock; the snippets check it against the real time.
    t.clock.advance(Date.now() - t.clock.now().getTime());
    admin = await adminHeaders(t);
  });
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });
  afterAll(async () => {
    await t?.close();
  });

  async function merchantWithReceiver(options: Parameters<typeof startReceiver>[0] = {}) {
    const receiver = await startReceiver(options);
    receivers.push(receiver);
    const merchant = await createConnectedMerchant(t);
    const saved = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${merchant.id}/webhook`,
      { webhook_url: `${receiver.url}/hook` },
      admin,
    );
    expect(saved.status).toBe(200);
    return { merchant, receiver };
  }

  async function deliverOnePayment(merchantId: string, receiver: Receiver) {
    const before = receiver.deliveries.length;
    await payThroughLink(t, {
      merchant: merchantId,
      invoice: `INV-R${++n}`,
      linkAmount: '100.00',
      amount: 10000,
    });
    for (let i = 0; i < 3 && receiver.deliveries.length === before; i++) await runOutboxOnce(t.deps);
    const d = receiver.deliveries.at(-1)!;
    expect(receiver.deliveries.length).toBe(before + 1);
    return { header: String(d.headers['x-invoicepay-signature']), body: d.body };
  }

  it('during the 24 h overlap either secret verifies (both signatures sent); after it only the new one', async () => {
    const { merchant, receiver } = await merchantWithReceiver();
    const old = (
      await json(t.app, 'GET', `/api/admin/merchants/${merchant.id}/webhook-secret`, undefined, admin)
    ).body.secret;
    const rotated = await json(
      t.app,
      'POST',
      `/api/admin/merchants/${merchant.id}/webhook-secret/rotate`,
      undefined,
      admin,
    );
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.secret as string;
    expect(fresh).not.toBe(old);
    expect(Date.parse(rotated.body.previous_secret_valid_until) - t.clock.now().getTime()).toBe(24 * HOUR);
    const settings = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${merchant.id}/webhook`,
      { webhook_url: `${receiver.url}/hook` },
      admin,
    );
    expect(settings.body.previous_secret_valid_until).toBe(rotated.body.previous_secret_valid_until);

    const during = await deliverOnePayment(merchant.id, receiver);
    expect(signaturesIn(during.header)).toHaveLength(2);
    const now = t.clock.now().getTime();
    for (const secret of [old, fresh])
      expect(verifySignature(secret, during.header, during.body, { now }), 'example receiver').toMatchObject({
        ok: true,
      });
    expect(verifySignature('whsec_wrong', during.header, during.body, { now })).toMatchObject({ ok: false });
    // The snippets of docs/webhooks/ verify this real delivery with either secret, and refuse a forgery.
    for (const [name, command] of SNIPPETS) {
      for (const secret of [old, fresh])
        expect(runSnippet(command, secret, during.header, during.body), `${name}`).toEqual({
          code: 0,
          out: 'verified',
        });
      expect(
        runSnippet(command, fresh, during.header, during.body.replace('"Amount":100', '"Amount":1')).code,
        `${name} tampered`,
      ).toBe(1);
      expect(
        runSnippet(command, 'whsec_wrong', during.header, during.body).code,
        `${name} wrong secret`,
      ).toBe(1);
    }

    t.clock.advance(24 * HOUR + 60_000);
    admin = await adminHeaders(t); // (access tokens last 15 minutes)
    const after = await deliverOnePayment(merchant.id, receiver);
    expect(signaturesIn(after.header)).toHaveLength(1);
    const later = t.clock.now().getTime();
    expect(verifySignature(fresh, after.header, after.body, { now: later })).toMatchObject({ ok: true });
    expect(verifySignature(old, after.header, after.body, { now: later })).toMatchObject({ ok: false });
    const t0 = /t=(\d+)/.exec(after.header)![1];
    expect(signaturesIn(after.header)).toEqual([
      `v1=${createHmac('sha256', fresh).update(`${t0}.${after.body}`).digest('hex')}`,
    ]);
    const reveal = await json(
      t.app,
      'GET',
      `/api/admin/merchants/${merchant.id}/webhook-secret`,
      undefined,
      admin,
    );
    expect(reveal.body).toEqual({ secret: fresh, previous_secret_valid_until: null });
  });

  it('the console log has every attempt with the request as signed and the answer as received', async () => {
    const { merchant, receiver } = await merchantWithReceiver({ statuses: [500] });
    const { body } = await (async () => {
      await payThroughLink(t, {
        merchant: merchant.id,
        invoice: `INV-R${++n}`,
        linkAmount: '100.00',
        amount: 10000,
      });
      await runOutboxOnce(t.deps); // answered 500
      t.clock.advance(HOUR);
      await runOutboxOnce(t.deps); // retried, answered 200
      admin = await adminHeaders(t);
      return receiver.deliveries.at(-1)!;
    })();
    const filter = encodeURIComponent(JSON.stringify({ merchant_id: merchant.id }));
    const log = await json(t.app, 'GET', `/api/admin/webhook-deliveries?filter=${filter}`, undefined, admin);
    expect(log.status).toBe(200);
    expect(log.body.map((d: any) => [d.event, d.response?.status, d.success])).toEqual([
      ['payment.succeeded', 200, true],
      ['payment.succeeded', 500, false],
    ]);
    const [ok, failed] = log.body;
    expect(ok.request.body).toBe(body);
    expect(ok.request.headers['x-invoicepay-signature']).toBe(
      receiver.deliveries.at(-1)!.headers['x-invoicepay-signature'],
    );
    expect(ok.request.headers['idempotency-key']).toBe(failed.request.headers['idempotency-key']);
    expect(failed.response.body).toContain('receiver failed');
    expect(ok.outbox_id).toBe(failed.outbox_id);
    const one = await json(t.app, 'GET', `/api/admin/webhook-deliveries/${failed.id}`, undefined, admin);
    expect(one.body).toEqual(failed);
  });
});
