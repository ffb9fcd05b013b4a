/**
 * SSRF guard: admin-set outbound URLs may not reach private, loopback, link-local (cloud metadata)
 * or other non-public addresses — as literals in any spelling, or through a name the injected
 * resolver maps there, or a name that changes its answer after the check — unless
 * OUTBOUND_ALLOWLIST permits them. Refusals are asserted with a trap server listening on the
 * refused address: it must see no traffic at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertOutboundUrlAllowed, OutboundUrlError } from '../../api/net/ssrf.ts';
import { staticResolveHost, type ResolveHost } from '../../api/net/resolve.ts';
import { runOutboxOnce } from '../../api/accounting/sync/worker.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { startReceiver, type Receiver } from '../support/fake-receiver.ts';
import { createConnectedMerchant, payThroughLink } from './support/payments.ts';

const skip = await skipPostgres();

const resolve = staticResolveHost({
  localhost: ['127.0.0.1'],
  'internal.example': ['10.1.2.3'],
  'metadata.example': ['169.254.169.254'],
  'mixed.example': ['93.184.216.34', '10.0.0.1'],
  'ula.example': ['fd00::1'],
  'mapped.example': ['::ffff:192.168.0.10'],
  'public.example': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
});

async function refused(url: string, allowlist: string[] = []): Promise<string> {
  try {
    await assertOutboundUrlAllowed(url, { resolve, allowlist });
  } catch (err) {
    expect(err).toBeInstanceOf(OutboundUrlError);
    return (err as Error).message;
  }
  throw new Error(`${url} was allowed`);
}

describe('assertOutboundUrlAllowed', () => {
  it.each([
    ['http://10.0.0.1/hook', /10\.0\.0\.1 is a private address/],
    ['http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254 is a link-local address/],
    ['http://localhost:8080/', /localhost resolves to a loopback address \(127\.0\.0\.1\)/],
    ['http://internal.example/', /internal\.example resolves to a private address \(10\.1\.2\.3\)/],
    ['http://metadata.example/', /resolves to a link-local address \(169\.254\.169\.254\)/],
    ['http://mixed.example/', /resolves to a private address \(10\.0\.0\.1\)/],
    ['http://ula.example/', /private \(unique local\)/],
    ['http://mapped.example/', /private address \(::ffff:192\.168\.0\.10\)/],
    ['http://127.1/', /127\.0\.0\.1 is a loopback/],
    ['http://2130706433/', /127\.0\.0\.1 is a loopback/],
    ['http://0x7f000001/', /127\.0\.0\.1 is a loopback/],
    ['http://0.0.0.0/', /unspecified/],
    ['http://[::]/', /unspecified/],
    ['http://[::1]:9000/', /loopback/],
    ['http://[::ffff:10.0.0.1]/', /10\.0\.0\.1 is a private/],
    ['http://[::ffff:a9fe:a9fe]/', /169\.254\.169\.254 is a link-local/],
    ['http://[64:ff9b::a9fe:a9fe]/', /64:ff9b:0:0:0:0:a9fe:a9fe is a link-local/], // NAT64 of 169.254.169.254
    ['http://[2002:c0a8:0101::1]/', /2002:c0a8:101:0:0:0:0:1 is a private/], // 6to4 of 192.168.1.1
    ['http://[fe80::1]/', /link-local/],
    ['http://100.64.1.1/', /carrier-grade NAT/],
    ['http://172.16.5.4/', /private/],
    ['http://172.31.255.255/', /private/],
    ['http://192.168.1.1/', /private/],
    ['ftp://public.example/', /must start with http:\/\/ or https:\/\//],
    ['http://user:pw@public.example/', /user name or password/],
    ['not a url', /must be a URL/],
    ['http://nowhere.example/', /could not be resolved \(ENOTFOUND\)/],
  ])('refuses %s', async (url, message) => {
    expect(await refused(url)).toMatch(message);
  });

  it('allows public addresses and names', async () => {
    await expect(
      assertOutboundUrlAllowed('https://public.example/hook', { resolve, allowlist: [] }),
    ).resolves.toMatchObject({
      addresses: ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
    });
    await expect(
      assertOutboundUrlAllowed('http://172.32.0.1/', { resolve, allowlist: [] }),
    ).resolves.toBeTruthy();
    await expect(
      assertOutboundUrlAllowed('http://[2606:4700::1111]/', { resolve, allowlist: [] }),
    ).resolves.toBeTruthy();
  });

  it('lets OUTBOUND_ALLOWLIST permit exact hosts, addresses and CIDRs, and nothing more', async () => {
    await expect(
      assertOutboundUrlAllowed('http://127.0.0.1:5678/', { resolve, allowlist: ['127.0.0.1'] }),
    ).resolves.toBeTruthy();
    expect(await refused('http://127.0.0.2/', ['127.0.0.1'])).toMatch(/loopback/);
    await expect(
      assertOutboundUrlAllowed('http://internal.example/', { resolve, allowlist: ['10.0.0.0/8'] }),
    ).resolves.toBeTruthy();
    await expect(
      assertOutboundUrlAllowed('http://internal.example/', { resolve, allowlist: ['internal.example'] }),
    ).resolves.toMatchObject({ addresses: [] });
    expect(await refused('http://metadata.example/', ['internal.example', '10.0.0.0/8'])).toMatch(
      /link-local/,
    );
    await expect(
      assertOutboundUrlAllowed('http://[fd00::1]/', { resolve, allowlist: ['fd00::/8'] }),
    ).resolves.toBeTruthy();
  });
});

describe.skipIf(skip)(`SSRF guard on the automation webhook (${testDialect})`, () => {
  let t: TestApp;
  let admin: { authorization: string };
  let trap: Receiver;
  let answers: string[][];
  const lookups: string[] = [];
  // 'trap.example' answers from a script: a test can make it change its answer between two lookups.
  const scripted: ResolveHost = async (host) => {
    lookups.push(host);
    if (host === 'trap.example') {
      const next = answers.length > 1 ? answers.shift()! : answers[0];
      return next.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    }
    return resolve(host);
  };

  beforeAll(async () => {
    trap = await startReceiver();
    t = await createTestApp({
      autoDeliverEvents: false,
      resolveHost: scripted,
      env: { OUTBOUND_ALLOWLIST: '' },
    });
    admin = await adminHeaders(t);
  });
  afterAll(async () => {
    await t?.close();
    await trap?.close();
  });

  it('refuses to save URLs that reach private, loopback or link-local addresses', async () => {
    const merchant = await createConnectedMerchant(t);
    answers = [['127.0.0.1']];
    for (const [url, message] of [
      ['http://10.20.30.40/hook', 'Webhook URL is not allowed: 10.20.30.40 is a private address'],
      [
        'http://169.254.169.254/latest/meta-data/iam',
        'Webhook URL is not allowed: 169.254.169.254 is a link-local address',
      ],
      [
        'http://localhost:5678/webhook',
        'Webhook URL is not allowed: localhost resolves to a loopback address (127.0.0.1)',
      ],
      [
        `http://trap.example:${trap.port}/`,
        'Webhook URL is not allowed: trap.example resolves to a loopback address (127.0.0.1)',
      ],
      [`${trap.url}/`, 'Webhook URL is not allowed: 127.0.0.1 is a loopback address'],
      ['not-a-url', 'Webhook URL must be a URL'],
    ]) {
      const res = await json(
        t.app,
        'PUT',
        `/api/admin/merchants/${merchant.id}/webhook`,
        { webhook_url: url },
        admin,
      );
      expect(res.status, url).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'validation_failed', message, field: 'webhook_url' });
    }
    // The generic merchant update is no way around the check: it refuses the webhook fields.
    const sideDoor = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${merchant.id}`,
      { make_webhook_url: `${trap.url}/`, make_scenario_id: 'x', description: 'updated' },
      admin,
    );
    expect(sideDoor.status).toBe(400);
    expect(sideDoor.body.error.field).toBe('make_webhook_url');
    const row = await t.deps.database.db
      .selectFrom('merchants')
      .select(['make_webhook_url', 'xero_integration_status'])
      .where('id', '=', merchant.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ make_webhook_url: null, xero_integration_status: 'not_configured' });
    expect(trap.requests).toHaveLength(0);
  });

  it('checks again at delivery time: a URL that now resolves to loopback is refused without any traffic', async () => {
    const merchant = await createConnectedMerchant(t);
    // Saved while the name still pointed to a public address…
    answers = [['93.184.216.34']];
    const saved = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${merchant.id}/webhook`,
      { webhook_url: `http://trap.example:${trap.port}/hook` },
      admin,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.xero_integration_status).toBe('configured');
    // …then it changes its answer (DNS rebinding): public for the check, loopback for the connection.
    answers = [['93.184.216.34'], ['127.0.0.1']];
    const test = await json(
      t.app,
      'POST',
      `/api/admin/merchants/${merchant.id}/test-webhook`,
      undefined,
      admin,
    );
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({ success: false, status: 'failed', response_status: null });
    expect(test.body.error_message).toMatch(
      /Refused to connect to trap\.example: 127\.0\.0\.1 is a loopback address/,
    );

    answers = [['127.0.0.1']];
    const { created } = await payThroughLink(t, {
      merchant: merchant.id,
      invoice: 'INV-SSRF-1',
      linkAmount: '100.00',
      amount: 5000,
    });
    expect(await runOutboxOnce(t.deps)).toMatchObject({ claimed: 1, failed: 1 });
    const job = await t.deps.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('payment_id', '=', created.paymentId)
      .executeTakeFirstOrThrow();
    // Refused by policy: retrying cannot help until the URL changes, so it fails at once.
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job.last_error).toBe(
      'Webhook URL is not allowed: trap.example resolves to a loopback address (127.0.0.1)',
    );
    expect(trap.requests).toHaveLength(0);
    expect(lookups).toContain('trap.example');
  });
});
