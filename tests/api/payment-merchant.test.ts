/**
 * The merchant a quote or a payment is for, kept between its two reads (api/merchants/resolve.ts,
 * `paymentMerchant`): a copy serves until a merchant change is announced or PAYMENT_MERCHANT_TTL_MS
 * has passed (what nothing announces: another process writing the SQLite file), never past either;
 * only found merchants named by id are kept. And through the API: a payment after a settings
 * change made in the console is priced with the new settings at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantChanged } from '../../api/merchants/changes.ts';
import { PAYMENT_MERCHANT_TTL_MS, paymentMerchant } from '../../api/merchants/resolve.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { cardToken, CARDS, createConnectedMerchant, quote } from './support/payments.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`the merchant of payments (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A write that bypasses the server's services, as another process's would. */
  const renameBehindTheServersBack = (id: string, business_name: string) =>
    t.deps.database.db.updateTable('merchants').set({ business_name }).where('id', '=', id).execute();

  it('serves its copy until a change is announced or the copy is PAYMENT_MERCHANT_TTL_MS old', async () => {
    const m = await createConnectedMerchant(t, { business_name: 'Kept Timber' });
    expect((await paymentMerchant(t.deps, m.id)).business_name).toBe('Kept Timber');

    await renameBehindTheServersBack(m.id, 'Renamed Timber');
    expect((await paymentMerchant(t.deps, m.id)).business_name).toBe('Kept Timber');
    merchantChanged(t.deps);
    expect((await paymentMerchant(t.deps, m.id)).business_name).toBe('Renamed Timber');

    await renameBehindTheServersBack(m.id, 'Timber Three');
    t.clock.advance(PAYMENT_MERCHANT_TTL_MS - 1);
    expect((await paymentMerchant(t.deps, m.id)).business_name).toBe('Renamed Timber');
    t.clock.advance(1);
    expect((await paymentMerchant(t.deps, m.id)).business_name).toBe('Timber Three');
  });

  it('keeps only merchants found by their id: a shortcode is read each time, a miss is never kept', async () => {
    const m = await createConnectedMerchant(t, { business_name: 'Short Sheds' });
    expect((await paymentMerchant(t.deps, m.shortcode)).id).toBe(m.id);
    await renameBehindTheServersBack(m.id, 'Shorter Sheds');
    expect((await paymentMerchant(t.deps, m.shortcode)).business_name).toBe('Shorter Sheds');

    const missing = crypto.randomUUID();
    await expect(paymentMerchant(t.deps, missing)).rejects.toThrow(/Could not find the merchant/);
    await createConnectedMerchant(t, { id: missing, business_name: 'Late Bricks' });
    expect((await paymentMerchant(t.deps, missing)).business_name).toBe('Late Bricks');
  });

  it('a surcharge changed in the console prices the next quote at once', async () => {
    const m = await createConnectedMerchant(t, { surcharge_enabled: 1, surcharge_bps: 295 });
    const where = { merchantId: m.id, amountDue: 100_000, amount: 10_000 };
    const before = await quote(t, {
      ...where,
      invoiceNumber: 'INV-KEPT-1',
      confirmationToken: await cardToken(t, m.stripe_account_id!, CARDS.visaAu),
    });
    expect(before.body.breakdown).toMatchObject({ surcharge: 295 });

    const changed = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${m.id}`,
      { surcharge_percentage: '1.5' },
      await adminHeaders(t),
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = await quote(t, {
      ...where,
      invoiceNumber: 'INV-KEPT-2',
      confirmationToken: await cardToken(t, m.stripe_account_id!, CARDS.visaAu),
    });
    expect(after.body.breakdown).toMatchObject({ surcharge: 150 });
  });
});
