/**
 * The setup checklist (issue 50 item 3): `GET /api/admin/merchants/{id}/setup` ticks each step from
 * the real state — Stripe onboarded, the surcharge chosen (the 2.95 % default is not a choice until
 * someone saves it), a pay link made, accounting connected or the automation webhook set, someone
 * invited — and says when all are done. Its members read it; others get 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders, bearerFor, createUser } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`the setup checklist (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OUTBOUND_ALLOWLIST: '127.0.0.1' } });
  });
  afterAll(async () => t?.close());

  it('ticks each step from the real state, for a business that signed itself up', async () => {
    const user = await createUser(t, { email: 'setup-owner@steps.test' });
    const owner = await bearerFor(t, user.id);
    const made = await json(
      t.app,
      'POST',
      '/api/admin/merchants',
      { business_name: 'Stepwise Steel', name: 'Sam Step', email: user.email },
      owner,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.id as string;
    // The default surcharge is there for payments to work, but it is not the owner's choice yet.
    expect(made.body).toMatchObject({ surcharge_enabled: true, surcharge_percentage: 2.95 });
    const read = async (headers = owner) => {
      const res = await json(t.app, 'GET', `/api/admin/merchants/${id}/setup`, undefined, headers);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { steps: Array<{ key: string; done: boolean }>; complete: boolean };
    };
    const ticked = async () => Object.fromEntries((await read()).steps.map((s) => [s.key, s.done]));
    expect((await read()).steps.map((s) => s.key)).toEqual([
      'stripe',
      'surcharge',
      'share',
      'accounting',
      'team',
    ]);
    expect(await ticked()).toEqual({
      stripe: false,
      surcharge: false,
      share: false,
      accounting: false,
      team: false,
    });

    await t.deps.database.db
      .updateTable('merchants')
      .set({
        stripe_account_id: 'acct_stepwise0001',
        stripe_onboarding_complete: 1,
        stripe_charges_enabled: 1,
      })
      .where('id', '=', id)
      .execute();
    // Keeping the default, unchanged, is the choice.
    const kept = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${id}`,
      { surcharge_enabled: true, surcharge_percentage: 2.95 },
      owner,
    );
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(await ticked()).toMatchObject({ stripe: true, surcharge: true, share: false });

    const link = await json(
      t.app,
      'POST',
      '/api/admin/pay-links',
      { merchant_id: id, invoice_number: 'INV-STEP-1', amount: 12_000, currency: 'AUD' },
      owner,
    );
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const webhook = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${id}/webhook`,
      { webhook_url: 'http://127.0.0.1:9/hook', scenario_id: null },
      await adminHeaders(t),
    );
    expect(webhook.status, JSON.stringify(webhook.body)).toBe(200);
    expect(await ticked()).toMatchObject({ share: true, accounting: true, team: false });
    expect((await read()).complete).toBe(false);

    const invited = await json(
      t.app,
      'POST',
      `/api/admin/merchants/${id}/invitations`,
      { email: 'sally@stepwise.test', role: 'staff' },
      owner,
    );
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect(await read()).toEqual({
      steps: ['stripe', 'surcharge', 'share', 'accounting', 'team'].map((key) => ({ key, done: true })),
      complete: true,
    });

    // Someone with no part in the merchant gets nothing.
    const stranger = await bearerFor(t, (await createUser(t, { email: 'nosy@steps.test' })).id);
    expect((await json(t.app, 'GET', `/api/admin/merchants/${id}/setup`, undefined, stranger)).status).toBe(
      403,
    );
  });

  it('a merchant the operator creates with a surcharge has chosen it', async () => {
    const admin = await adminHeaders(t);
    const made = await json(
      t.app,
      'POST',
      '/api/admin/merchants',
      { business_name: 'Chosen Cladding', name: 'Cal', email: 'cal@chosen.test', surcharge_enabled: false },
      admin,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const res = await json(t.app, 'GET', `/api/admin/merchants/${made.body.id}/setup`, undefined, admin);
    expect(res.body.steps.find((s: { key: string }) => s.key === 'surcharge')).toEqual({
      key: 'surcharge',
      done: true,
    });
  });
});
