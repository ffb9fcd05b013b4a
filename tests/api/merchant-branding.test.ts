/**
 * A merchant's branding on the hosted pay page (issue 19): a logo at an https URL and a brand colour
 * readable as the widget's accent (≥ 4.5:1 against white), validated by the admin API, cleared with
 * null, and handed to the pay page by the pay session. An update changes only the fields it sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrastRatio } from '../../core/brand.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { createConnectedMerchant, openSession } from './support/payments.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`merchant branding (${testDialect})`, () => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminHeaders(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const update = (id: string, body: unknown) => json(t.app, 'PUT', `/api/admin/merchants/${id}`, body, admin);

  it('takes an https logo and a dark enough brand colour, and the pay session carries them', async () => {
    const created = await json(
      t.app,
      'POST',
      '/api/admin/merchants',
      {
        business_name: 'Bright Timber',
        name: 'Sam',
        email: 'sam@bright.test',
        logo_url: 'https://bright.example/logo.svg',
        brand_color: '#1D4ED8',
      },
      admin,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      logo_url: 'https://bright.example/logo.svg',
      brand_color: '#1d4ed8',
    });

    const merchant = await createConnectedMerchant(t);
    const saved = await update(merchant.id, {
      logo_url: 'https://cdn.supplier.example/brand/logo.png',
      brand_color: '#0f5132',
    });
    expect(saved.status).toBe(200);
    const session = await openSession(t, { merchant: merchant.id, invoice: 'INV-B1', amount: '10.00' });
    expect(session.body.merchant).toMatchObject({
      name: merchant.business_name,
      logoUrl: 'https://cdn.supplier.example/brand/logo.png',
      brandColor: '#0f5132',
    });

    // Cleared with null (or a blank), and then the pay session has neither.
    expect((await update(merchant.id, { logo_url: '', brand_color: null })).body).toMatchObject({
      logo_url: null,
      brand_color: null,
    });
    const plain = await openSession(t, { merchant: merchant.id, invoice: 'INV-B2', amount: '10.00' });
    expect(plain.body.merchant).toMatchObject({ logoUrl: null, brandColor: null });
    // The page writes dates as the merchant's country does, on its clock (issue 50 item 6).
    expect(plain.body.merchant).toMatchObject({ country: 'AU', timeZone: 'Australia/Sydney' });
  });

  it('refuses a logo that is not https and a colour customers could not read', async () => {
    const merchant = await createConnectedMerchant(t);
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ logo_url: 'http://supplier.example/logo.png' }, 'logo_url', /must be an https:\/\/ URL/],
      [{ logo_url: 'javascript:alert(1)' }, 'logo_url', /must be an https:\/\/ URL/],
      [
        { logo_url: 'https://user:secret@supplier.example/logo.png' },
        'logo_url',
        /must be an https:\/\/ URL/,
      ],
      [{ logo_url: `https://supplier.example/${'a'.repeat(2000)}` }, 'logo_url', /must be an https:\/\/ URL/],
      [{ brand_color: 'green' }, 'brand_color', /hex colour such as #0f5132/],
      [{ brand_color: '#12345' }, 'brand_color', /hex colour such as #0f5132/],
      [{ brand_color: '#facc15' }, 'brand_color', /too light: white text on it has a contrast of 1\.\d:1/],
    ];
    for (const [body, field, message] of cases) {
      const res = await update(merchant.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.field).toBe(field);
      expect(res.body.error.message).toMatch(message);
    }
    expect(contrastRatio('#facc15', '#ffffff')).toBeLessThan(4.5);
    expect(contrastRatio('#0f5132', '#ffffff')).toBeGreaterThan(4.5);
  });

  it('changes only the fields an update sends (a name change keeps the phone and description)', async () => {
    const created = await json(
      t.app,
      'POST',
      '/api/admin/merchants',
      {
        business_name: 'Keep Fields',
        name: 'Kim',
        email: 'kim@keep.test',
        phone: '0400 111 222',
        description: 'Bricks',
        brand_color: '#0f5132',
      },
      admin,
    );
    const res = await update(created.body.id, { name: 'Kim Lee' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Kim Lee',
      phone: '0400 111 222',
      description: 'Bricks',
      brand_color: '#0f5132',
    });
  });
});
