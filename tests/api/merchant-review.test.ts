/**
 * The operator's review (issue 50 item 4): a merchant that signed itself up waits for review
 * (pending) without being held up — it connects Stripe and takes payments; the operator approves it,
 * or suspends it with a reason (its links then refuse payment, naming it) and may reinstate it. Each
 * decision is the operator's alone, audited with its reason, and mailed to the owners.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantInactiveMessage } from '../../api/merchants/resolve.ts';
import { ALREADY_APPROVED } from '../../api/merchants/review.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders, bearerFor, createUser } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { emailsTo } from './support/bank-debit.ts';
import { cardToken, openSession, quote } from './support/payments.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`the operator approves and suspends merchants (${testDialect})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminHeaders(t);
  });
  afterAll(async () => t?.close());

  /** A business that signed itself up: pending, its owner the account that started it. */
  async function selfSignedUp(name: string) {
    const user = await createUser(t, { email: `${name.toLowerCase().replace(/\W+/g, '.')}@review.test` });
    const owner = await bearerFor(t, user.id);
    const made = await json(
      t.app,
      'POST',
      '/api/admin/merchants',
      { business_name: name, name: 'Olive Owner', email: user.email },
      owner,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.status).toBe('pending');
    // Stripe onboarding finished (as the sandbox's consent page would leave it).
    await t.deps.database.db
      .updateTable('merchants')
      .set({
        stripe_account_id: `acct_review${made.body.id.replace(/-/g, '').slice(0, 12)}`,
        stripe_onboarding_complete: 1,
        stripe_charges_enabled: 1,
      })
      .where('id', '=', made.body.id)
      .execute();
    return { id: made.body.id as string, email: user.email, owner };
  }

  const decide = (id: string, what: 'approve' | 'suspend', headers: Record<string, string>, body?: unknown) =>
    json(t.app, 'POST', `/api/admin/merchants/${id}/${what}`, body ?? {}, headers);

  async function quoteOn(merchantId: string) {
    const s = await openSession(t, { merchant: merchantId, invoice: `INV-R-${Date.now()}`, amount: '50.00' });
    const account = (await t.deps.database.db
      .selectFrom('merchants')
      .select('stripe_account_id')
      .where('id', '=', merchantId)
      .executeTakeFirstOrThrow())!.stripe_account_id!;
    return quote(t, {
      paySessionId: s.body.paySessionId,
      amount: 5000,
      confirmationToken: await cardToken(t, account),
    });
  }

  it('a merchant awaiting review takes payments; only the operator approves it, once, audited and mailed', async () => {
    const m = await selfSignedUp('Awaiting Pavers');
    expect((await quoteOn(m.id)).status).toBe(200); // not held up by the review

    // The owner can neither approve nor suspend their own merchant.
    expect((await decide(m.id, 'approve', m.owner)).status).toBe(403);
    expect((await decide(m.id, 'suspend', m.owner, { reason: 'x' })).status).toBe(403);

    const approved = await decide(m.id, 'approve', admin);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ status: 'active', status_reason: null });
    expect(approved.body.status_changed_at).toEqual(expect.any(String));
    const again = await decide(m.id, 'approve', admin);
    expect([again.status, again.body.error.message]).toEqual([409, ALREADY_APPROVED]);

    const entry = await t.deps.database.db
      .selectFrom('audit_log')
      .select(['details'])
      .where('action', '=', 'merchant.approve')
      .where('target_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.details!)).toEqual({ from: 'pending', to: 'active' });
    const mails = await emailsTo(t, m.email);
    expect(mails.map((e) => [e.kind, e.subject])).toContainEqual([
      'merchant_approved',
      'Awaiting Pavers is approved on InvoicePay',
    ]);
  });

  it('a suspension needs a reason, refuses payment on its links naming the merchant, and is lifted by approving', async () => {
    const m = await selfSignedUp('Suspended Sleepers');
    const noReason = await decide(m.id, 'suspend', admin, { reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toBe('Say why the merchant is suspended: the owners are told.');

    const suspended = await decide(m.id, 'suspend', admin, { reason: 'Documents do not match the ABN' });
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
    expect(suspended.body).toMatchObject({
      status: 'inactive',
      status_reason: 'Documents do not match the ABN',
    });
    const refused = await quoteOn(m.id);
    expect([refused.status, refused.body.error.message]).toEqual([
      422,
      merchantInactiveMessage('Suspended Sleepers'),
    ]);
    const suspendedMail = (await emailsTo(t, m.email)).find((e) => e.kind === 'merchant_suspended')!;
    expect(suspendedMail.subject).toBe('Suspended Sleepers is suspended on InvoicePay');
    expect(suspendedMail.text_body).toContain('Reason: Documents do not match the ABN');
    const audited = await t.deps.database.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'merchant.suspend')
      .where('target_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audited.details!)).toEqual({
      from: 'pending',
      to: 'inactive',
      reason: 'Documents do not match the ABN',
    });

    const reinstated = await decide(m.id, 'approve', admin);
    expect(reinstated.body).toMatchObject({ status: 'active', status_reason: null });
    const paysAgain = await quoteOn(m.id);
    expect(paysAgain.status, JSON.stringify(paysAgain.body)).toBe(200);
    const mails = await emailsTo(t, m.email);
    expect(mails.at(-1)!.subject).toBe('Suspended Sleepers is taking payments again on InvoicePay');
  });

  it('counts merchants by what they are on the dashboard: approved, awaiting review, suspended', async () => {
    const before = (await json(t.app, 'GET', '/api/admin/stats', undefined, admin)).body;
    const waiting = await selfSignedUp('Counted Concrete');
    const stopped = await selfSignedUp('Counted Cladding');
    await decide(stopped.id, 'suspend', admin, { reason: 'Test' });
    const after = (await json(t.app, 'GET', '/api/admin/stats', undefined, admin)).body;
    expect(after.awaiting_review - before.awaiting_review).toBe(1);
    expect(after.suspended_merchants - before.suspended_merchants).toBe(1);
    expect(after.active_merchants).toBe(before.active_merchants);
    expect(after.stripe_connected - before.stripe_connected).toBe(2);
    expect(waiting.id).not.toBe(stopped.id);
  });
});
