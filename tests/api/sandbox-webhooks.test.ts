/**
 * The sandbox's webhooks: signed exactly as Stripe signs them (the official SDK verifies them),
 * verified with the same scheme on the way in (forged and stale rejected), delivered durably with
 * back-off (no busy loop, survives a restart), state kept across a re-open of its database file,
 * and wired to our real webhook route in the test app.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import Stripe from 'stripe';
import { systemClock, type Clock } from '../../api/context.ts';
import { createLogger } from '../../api/logger.ts';
import { httpDeliver } from '../../api/payment-providers.ts';
import { deliverInProcess } from '../../api/webhooks/in-process.ts';
import { WebhookSignatureError, type CreateIntentInput } from '../../api/ports/payment-provider.ts';
import { enqueueEvent, FreshEvents } from '../../api/sandbox/provider/event-queue.ts';
import { SandboxProvider } from '../../api/sandbox/provider/sandbox-provider.ts';
import { createTestApp, TestClock, type TestApp } from '../support/app.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { payWithTestCard, sandboxDatabaseEnv, sandboxOf, TEST_CARDS } from '../support/sandbox.ts';

const skip = await skipPostgres();

const ACCOUNT = 'acct_hooksMerchant1';
const sdk = new Stripe('sk_test_unused');
const logger = createLogger('silent');
let seq = 0;
const intentInput = (): CreateIntentInput => ({
  amount: 5000,
  currency: 'aud',
  applicationFeeAmount: 63,
  connectedAccountId: ACCOUNT,
  description: 'Invoice: INV-7',
  metadata: { paymentId: `hook-${++seq}` },
  idempotencyKey: `hook-key-${seq}`,
});

interface Delivery {
  raw: string;
  signature: string;
}

/** A sandbox whose deliveries are recorded and answered with the statuses given (then 200). */
async function recordingSandbox(opts: {
  databaseUrl: string;
  clock: Clock;
  statuses?: number[];
  autoDeliver?: boolean;
}) {
  const deliveries: Delivery[] = [];
  const statuses = [...(opts.statuses ?? [])];
  const sandbox = await SandboxProvider.open({
    databaseUrl: opts.databaseUrl,
    baseUrl: 'http://127.0.0.1:8787',
    clock: opts.clock,
    logger,
    autoDeliver: opts.autoDeliver ?? false,
    deliver: async (raw, signature) => {
      deliveries.push({ raw, signature });
      return statuses.shift() ?? 200;
    },
  });
  return { sandbox, deliveries };
}

/**
 * Drive one payment to success through the sandbox, then refund part of it: two events for the
 * endpoint, payment_intent.succeeded and charge.refunded.
 */
async function paySucceeded(sandbox: SandboxProvider) {
  const intent = await sandbox.createIntent(intentInput());
  const pm = await sandbox.createPaymentMethod({
    number: TEST_CARDS.visa,
    expMonth: 12,
    expYear: 2030,
    cvc: '123',
    account: ACCOUNT,
  });
  await sandbox.confirmIntent({
    intentId: intent.id,
    clientSecret: intent.clientSecret,
    paymentMethodId: pm.id,
  });
  await sandbox.refund({
    paymentIntentId: intent.id,
    connectedAccountId: ACCOUNT,
    amount: 1000,
    refundApplicationFee: true,
    idempotencyKey: `refund-${intent.id}`,
    metadata: {},
  });
  return intent;
}

describe.skipIf(skip)(`sandbox webhooks (${testDialect})`, () => {
  let where: Awaited<ReturnType<typeof sandboxDatabaseEnv>>;
  let tmp: string;
  beforeAll(async () => {
    where = await sandboxDatabaseEnv();
    tmp = mkdtempSync(join(tmpdir(), 'sandbox-db-'));
  });
  afterAll(async () => {
    await where?.drop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('signs events exactly as Stripe does: the official SDK verifies them and reads the same event', async () => {
    const clock = new TestClock();
    const { sandbox, deliveries } = await recordingSandbox({
      databaseUrl: where.env.SANDBOX_DATABASE_URL,
      clock,
    });
    try {
      const intent = await paySucceeded(sandbox);
      expect(await sandbox.flushEvents()).toEqual({ delivered: 2, pending: 0 });
      const [first, second] = deliveries;
      expect(first.signature).toMatch(
        new RegExp(`^t=${Math.floor(clock.now().getTime() / 1000)},v1=[0-9a-f]{64}$`),
      );
      const event = sdk.webhooks.constructEvent(
        first.raw,
        first.signature,
        sandbox.webhookSecret,
        300,
        undefined,
        clock.now().getTime(),
      );
      expect(event).toMatchObject({
        object: 'event',
        type: 'payment_intent.succeeded',
        account: ACCOUNT,
        livemode: false,
        data: {
          object: {
            id: intent.id,
            object: 'payment_intent',
            status: 'succeeded',
            amount: 5000,
            application_fee_amount: 63,
            metadata: intent.metadata,
          },
        },
      });
      expect(event.id).toMatch(/^evt_/);
      expect(
        sdk.webhooks.constructEvent(
          second.raw,
          second.signature,
          sandbox.webhookSecret,
          300,
          undefined,
          clock.now().getTime(),
        ).type,
      ).toBe('charge.refunded');
      // Our route's parse of the same delivery.
      const parsed = sandbox.parseWebhook(first.raw, first.signature);
      expect(parsed).toMatchObject({
        id: event.id,
        type: 'payment_intent.succeeded',
        account: ACCOUNT,
        action: {
          kind: 'intent_updated',
          intent: { id: intent.id, status: 'succeeded', metadata: intent.metadata },
        },
      });
      expect(sandbox.parseWebhook(second.raw, second.signature).action).toMatchObject({
        kind: 'charge_refunded',
        paymentIntentId: intent.id,
        amountRefunded: 1000,
      });
      // Signed with another secret, the SDK refuses it: the signature really depends on the secret.
      expect(() =>
        sdk.webhooks.constructEvent(
          first.raw,
          first.signature,
          'whsec_other',
          300,
          undefined,
          clock.now().getTime(),
        ),
      ).toThrow();
    } finally {
      await sandbox.close();
    }
  });

  it('verifies incoming deliveries with the same scheme: SDK-signed accepted; forged, tampered and stale rejected', async () => {
    const clock = new TestClock();
    const { sandbox } = await recordingSandbox({ databaseUrl: 'sqlite::memory:', clock });
    try {
      const now = Math.floor(clock.now().getTime() / 1000);
      const payload = JSON.stringify({
        id: 'evt_sdk1',
        object: 'event',
        type: 'account.updated',
        account: ACCOUNT,
        created: now,
        data: {
          object: {
            id: ACCOUNT,
            object: 'account',
            charges_enabled: true,
            details_submitted: true,
            payouts_enabled: true,
          },
        },
      });
      const header = (secret: string, timestamp = now) =>
        sdk.webhooks.generateTestHeaderString({ payload, secret, timestamp });
      expect(sandbox.parseWebhook(payload, header(sandbox.webhookSecret)).action).toEqual({
        kind: 'account_updated',
        account: { id: ACCOUNT, chargesEnabled: true, detailsSubmitted: true, payoutsEnabled: true },
      });
      expect(sandbox.parseWebhook(payload, header(sandbox.webhookSecret, now - 300)).id).toBe('evt_sdk1');
      const rejects = (raw: string, sig: string | null, message: RegExp) => {
        expect(() => sandbox.parseWebhook(raw, sig)).toThrow(WebhookSignatureError);
        expect(() => sandbox.parseWebhook(raw, sig)).toThrow(message);
      };
      rejects(payload, header('whsec_forged'), /No signatures found/);
      rejects(payload.replace('true', 'false'), header(sandbox.webhookSecret), /No signatures found/);
      rejects(payload, header(sandbox.webhookSecret, now - 301), /tolerance/);
      rejects(payload, null, /Missing/);
      rejects(payload, 'v1=abc', /Unable to extract/);
      // A signature stays valid across a clock move of less than five minutes, not more.
      const sig = sandbox.signPayload(payload);
      clock.advance(299_000);
      expect(sandbox.parseWebhook(payload, sig).id).toBe('evt_sdk1');
      clock.advance(2_000);
      rejects(payload, sig, /tolerance/);
    } finally {
      await sandbox.close();
    }
  });

  it('retries an unacknowledged event with exponential back-off, re-signing each attempt', async () => {
    const clock = new TestClock();
    const { sandbox, deliveries } = await recordingSandbox({
      databaseUrl: 'sqlite::memory:',
      clock,
      statuses: [404, 500],
    });
    try {
      await sandbox
        .createOnboardingLink({
          merchantId: 'm',
          email: 'a@b.example',
          businessName: 'B',
          existingAccountId: null,
          refreshUrl: 'http://127.0.0.1:8787/r',
          returnUrl: 'http://127.0.0.1:8787/x',
        })
        .then(async (link) => {
          const token = new URL(link.url).searchParams.get('link')!;
          await sandbox.decideLink(token, true); // queues account.updated
        });
      const row = () => sandbox.ctx.db.selectFrom('sandbox_events').selectAll().executeTakeFirstOrThrow();
      const start = clock.now().getTime();
      expect(await sandbox.flushEvents()).toEqual({ delivered: 0, pending: 1 });
      expect(await row()).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_status: 404,
        next_attempt_at: start + 1000,
      });
      clock.advance(1000);
      expect(await sandbox.flushEvents()).toEqual({ delivered: 0, pending: 1 });
      expect(await row()).toMatchObject({
        attempts: 2,
        last_status: 500,
        next_attempt_at: start + 1000 + 2000,
      });
      clock.advance(2000);
      expect(await sandbox.flushEvents()).toEqual({ delivered: 1, pending: 0 });
      expect(await row()).toMatchObject({
        status: 'delivered',
        attempts: 3,
        last_status: 200,
        delivered_at: start + 3000,
      });
      // Same event each time, freshly signed at each attempt's time.
      expect(new Set(deliveries.map((d) => JSON.parse(d.raw).id)).size).toBe(1);
      expect(deliveries.map((d) => d.signature.split(',')[0])).toEqual([
        `t=${start / 1000}`,
        `t=${start / 1000 + 1}`,
        `t=${start / 1000 + 3}`,
      ]);
      expect(await sandbox.flushEvents()).toEqual({ delivered: 0, pending: 0 });
    } finally {
      await sandbox.close();
    }
  });

  it('in the background, a refused event waits for its back-off instead of spinning, then is delivered', async () => {
    let calls = 0;
    let answer = 404;
    const sandbox = await SandboxProvider.open({
      databaseUrl: 'sqlite::memory:',
      baseUrl: 'http://127.0.0.1:8787',
      clock: systemClock,
      logger,
      deliver: async () => {
        calls++;
        return answer;
      },
    });
    try {
      await paySucceeded(sandbox);
      await new Promise((r) => setTimeout(r, 700));
      expect(calls).toBe(2); // both events tried once; the retry is not due before 1 s
      answer = 200;
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline) {
        const left = await sandbox.ctx.db
          .selectFrom('sandbox_events')
          .select('id')
          .where('status', '=', 'pending')
          .execute();
        if (left.length === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(calls).toBe(4);
      const statuses = await sandbox.ctx.db
        .selectFrom('sandbox_events')
        .select(['status', 'attempts'])
        .execute();
      expect(statuses).toEqual([
        { status: 'delivered', attempts: 2 },
        { status: 'delivered', attempts: 2 },
      ]);
    } finally {
      await sandbox.close();
    }
  });

  it('delivers the events it writes without claiming them (no claim statement), each once', async () => {
    // Every SQLite statement this process runs, recorded (better-sqlite3's statements share one prototype).
    const ran: string[] = [];
    const proto = Object.getPrototypeOf(new Database(':memory:').prepare('select 1')) as Record<
      'run' | 'all' | 'get',
      (this: { source: string }, ...args: unknown[]) => unknown
    >;
    const originals = { run: proto.run, all: proto.all, get: proto.get };
    for (const name of ['run', 'all', 'get'] as const)
      proto[name] = function (this: { source: string }, ...args: unknown[]) {
        ran.push(this.source);
        return originals[name].apply(this, args);
      };
    const delivered: string[] = [];
    const sandbox = await SandboxProvider.open({
      databaseUrl: 'sqlite::memory:',
      baseUrl: 'http://127.0.0.1:8787',
      clock: systemClock,
      logger,
      deliver: async (raw) => {
        delivered.push(JSON.parse(raw).type);
        return 200;
      },
    });
    try {
      await paySucceeded(sandbox);
      const deadline = Date.now() + 5000;
      while (delivered.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 300)); // and nothing more
      expect(delivered).toEqual(['payment_intent.succeeded', 'charge.refunded']);
      expect(
        await sandbox.ctx.db.selectFrom('sandbox_events').select(['status', 'attempts']).execute(),
      ).toEqual([
        { status: 'delivered', attempts: 1 },
        { status: 'delivered', attempts: 1 },
      ]);
      expect(ran.filter((sql) => /^update "sandbox_events" set "next_attempt_at"/.test(sql))).toEqual([]);
    } finally {
      Object.assign(proto, originals);
      await sandbox.close();
    }
  });

  it("leaves another process's new events to it, and delivers them once its lease has run out", async () => {
    // An event another process wrote and has not attempted yet (it may be about to, or it stopped):
    // written claimed by that process, as `enqueueEvent` does with background delivery.
    const own = testDialect === 'postgres' ? await sandboxDatabaseEnv() : null;
    const clock = new TestClock();
    const delivered: string[] = [];
    const sandbox = await SandboxProvider.open({
      databaseUrl: own?.env.SANDBOX_DATABASE_URL ?? `sqlite:${join(tmp, 'two-processes.db')}`,
      baseUrl: 'http://127.0.0.1:8787',
      clock,
      logger,
      deliver: async (raw) => {
        delivered.push(JSON.parse(raw).type);
        return 200;
      },
    });
    try {
      const otherProcess = { clock, fresh: new FreshEvents() };
      await sandbox.ctx.db
        .transaction()
        .execute((trx) => enqueueEvent(trx, otherProcess, 'account.updated', ACCOUNT, { id: ACCOUNT }));
      await sandbox.createIntent(intentInput()); // a change of its own: it looks for what to deliver
      await new Promise((r) => setTimeout(r, 300));
      expect(delivered).toEqual([]); // not this process's to attempt while the lease holds
      clock.advance(60_000);
      await sandbox.createIntent(intentInput()); // and looks again, the lease over
      const deadline = Date.now() + 5000;
      while (delivered.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(delivered).toEqual(['account.updated']);
    } finally {
      await sandbox.close();
      await own?.drop();
    }
  });

  it('keeps intents, accounts, its secret and undelivered events across a restart of its database file', async () => {
    const databaseUrl = `sqlite:${join(tmp, 'sandbox.db')}`;
    const clock = new TestClock();
    const before = await recordingSandbox({ databaseUrl, clock, statuses: [503, 503, 503] });
    const intent = await paySucceeded(before.sandbox);
    const link = await before.sandbox.createOnboardingLink({
      merchantId: 'm2',
      email: 'o@p.example',
      businessName: 'P',
      existingAccountId: null,
      refreshUrl: 'http://127.0.0.1:8787/r',
      returnUrl: 'http://127.0.0.1:8787/x',
    });
    await before.sandbox.flushEvents(); // refused: both events stay queued
    const secret = before.sandbox.webhookSecret;
    await before.sandbox.close();

    // "Crash" between the sandbox's success and our ledger write: our side recovers by retrieving.
    const after = await recordingSandbox({ databaseUrl, clock });
    try {
      expect(after.sandbox.webhookSecret).toBe(secret);
      const again = await after.sandbox.retrieveIntent(intent.id, ACCOUNT);
      expect(again).toMatchObject({ status: 'succeeded', amount: 5000, card: { last4: '4242' } });
      expect(await after.sandbox.retrieveAccount(link.accountId)).toMatchObject({ chargesEnabled: false });
      clock.advance(1000);
      expect(await after.sandbox.flushEvents()).toEqual({ delivered: 2, pending: 0 });
      expect(after.deliveries.map((d) => JSON.parse(d.raw).type)).toEqual([
        'payment_intent.succeeded',
        'charge.refunded',
      ]);
      expect(after.deliveries.map((d) => after.sandbox.parseWebhook(d.raw, d.signature).id)).toEqual(
        before.deliveries.slice(0, 2).map((d) => JSON.parse(d.raw).id),
      );
    } finally {
      await after.sandbox.close();
    }
  });

  it('the server delivers over HTTP: POST with the raw body and the Stripe-Signature header', async () => {
    const received: { method?: string; path?: string; headers: Record<string, unknown>; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ method: req.method, path: req.url, headers: req.headers, body });
        res.writeHead(received.length === 1 ? 500 : 200).end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/stripe`;
    const clock = new TestClock();
    const sandbox = await SandboxProvider.open({
      databaseUrl: 'sqlite::memory:',
      baseUrl: 'http://127.0.0.1:8787',
      clock,
      logger,
      autoDeliver: false,
      deliver: httpDeliver(Promise.resolve(url)),
    });
    try {
      await paySucceeded(sandbox);
      expect(await sandbox.flushEvents()).toEqual({ delivered: 1, pending: 1 }); // the first answer was a 500
      expect(await sandbox.flushEvents()).toEqual({ delivered: 1, pending: 0 });
      expect(received).toHaveLength(3);
      for (const r of received) {
        expect(r).toMatchObject({ method: 'POST', path: '/api/webhooks/stripe' });
        expect(r.headers['content-type']).toMatch(/^application\/json/);
        expect(sandbox.parseWebhook(r.body, r.headers['stripe-signature'] as string).id).toMatch(/^evt_/);
      }
    } finally {
      await sandbox.close();
      await new Promise((r) => server.close(r));
    }
  });

  describe('wired to our webhook route', () => {
    let t: TestApp;
    let own: Awaited<ReturnType<typeof sandboxDatabaseEnv>>;
    beforeAll(async () => {
      own = await sandboxDatabaseEnv();
      t = await createTestApp({ env: own.env, autoDeliverEvents: false });
    });
    afterAll(async () => {
      await t?.close();
      await own?.drop();
    });

    it('delivers in-process to POST /api/webhooks/stripe, which accepts the signature (2xx)', async () => {
      const intent = await t.deps.payments.createIntent(intentInput());
      const res = await payWithTestCard(t.app, intent.clientSecret, TEST_CARDS.visa, ACCOUNT);
      expect(res.body.paymentIntent.status).toBe('succeeded');
      // Only the events our endpoint subscribes to are sent (no charge.succeeded).
      expect(await t.deps.payments.flushEvents()).toEqual({ delivered: 1, pending: 0 });
      const rows = await sandboxOf(t)
        .ctx.db.selectFrom('sandbox_events')
        .select(['type', 'status', 'last_status'])
        .orderBy('seq')
        .execute();
      expect(rows).toEqual([{ type: 'payment_intent.succeeded', status: 'delivered', last_status: 200 }]);
    });

    it('answers each event as the route would: 200 once handled (a replay too), 400 for a bad signature, 500 for a failure', async () => {
      const lines: string[] = [];
      const deliver = deliverInProcess(
        Promise.resolve(t.deps),
        createLogger('error', { write: (line: string) => void lines.push(line) }),
      );
      const payload = JSON.stringify({
        id: 'evt_inproc1',
        object: 'event',
        type: 'account.updated',
        account: 'acct_nobodyHere1',
        created: Math.floor(t.clock.now().getTime() / 1000),
        data: {
          object: {
            id: 'acct_nobodyHere1',
            object: 'account',
            charges_enabled: true,
            details_submitted: true,
            payouts_enabled: true,
          },
        },
      });
      const events = () =>
        t.deps.database.db
          .selectFrom('payment_events')
          .select('id')
          .where('id', '=', 'evt_inproc1')
          .execute();
      expect(await deliver(payload, sandboxOf(t).signPayload(payload.replace('true', 'false')))).toBe(400);
      expect(await deliver(payload, 't=1,v1=00')).toBe(400);
      expect(await events()).toEqual([]);
      expect(await deliver(payload, sandboxOf(t).signPayload(payload))).toBe(200);
      expect(await deliver(payload, sandboxOf(t).signPayload(payload))).toBe(200);
      expect(await events()).toEqual([{ id: 'evt_inproc1' }]);
      expect(lines).toEqual([]);

      // Handling that fails (here: its database is gone) is a 500, logged, and the event is tried again.
      const broken = { ...t.deps, database: { ...t.deps.database, db: brokenDb() } };
      const failing = deliverInProcess(
        broken,
        createLogger('error', { write: (line: string) => void lines.push(line) }),
      );
      const again = payload.replace('evt_inproc1', 'evt_inproc2');
      expect(await failing(again, sandboxOf(t).signPayload(again))).toBe(500);
      expect(lines.map((l) => JSON.parse(l).msg)).toEqual(['a sandbox event could not be handled']);
    });
  });
});

/** A database handle whose every query fails, as one whose connection was lost. */
function brokenDb(): TestApp['deps']['database']['db'] {
  return new Proxy({} as TestApp['deps']['database']['db'], {
    get: () => () => {
      throw new Error('the database connection is not open');
    },
  });
}
