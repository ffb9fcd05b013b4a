/**
 * Request body limits: every write route refuses a body over its limit with 413 and the
 * error shape — small JSON routes at 16 KB, the provider webhook and blog posts at 1 MB — whether
 * the size is declared (Content-Length, refused before reading) or streamed. Bodies within the
 * limit still work. The real server's memory under a 600 MB body is tests/reliability/limits.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMITS } from '../../api/http/body-limits.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`request body limits (${testDialect})`, () => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminHeaders(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (path: string, body: string, headers: Record<string, string> = {}, method = 'POST') =>
    t.app.request(path, { method, headers: { 'content-type': 'application/json', ...headers }, body });

  const expectTooLarge = async (res: Response) => {
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close'); // the rest of the body is not read
    const body = await res.json();
    expect(body.error.code).toBe('payload_too_large');
    expect(body.error.message).toMatch(/too large/i);
  };

  it('a 200 KB card form to the sandbox is refused with 413, not processed', async () => {
    const body = JSON.stringify({
      type: 'card',
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
      billing_details: { name: 'x'.repeat(200 * 1024) },
    });
    await expectTooLarge(await post('/api/sandbox/payment_methods', body));
  });

  it('small JSON routes stop at 16 KB; a body just under still reaches validation', async () => {
    const over = JSON.stringify({ email: 'a@b.co', password: 'p'.repeat(BODY_LIMITS.small) });
    await expectTooLarge(await post('/api/auth/login', over));
    const under = JSON.stringify({ email: 'a@b.co', password: 'p'.repeat(BODY_LIMITS.small - 100) });
    const res = await post('/api/auth/login', under);
    expect(res.status).toBe(400); // read and judged: the password is longer than any password
    expect((await res.json()).error.code).toBe('validation_failed');
  });

  it('a declared Content-Length over the limit is refused before the body is read', async () => {
    const res = await post('/api/public/prospects', '{}', { 'content-length': String(600 * 1024 * 1024) });
    await expectTooLarge(res);
  });

  it('the provider webhook takes up to 1 MB, refuses more', async () => {
    const event = (size: number) =>
      JSON.stringify({ id: 'evt_big', object: 'event', type: 'x', data: { pad: 'x'.repeat(size) } });
    await expectTooLarge(
      await post('/api/webhooks/stripe', event(BODY_LIMITS.webhook), { 'stripe-signature': 't=1,v1=x' }),
    );
    const within = await post('/api/webhooks/stripe', event(BODY_LIMITS.webhook - 1000), {
      'stripe-signature': 't=1,v1=x',
    });
    expect(within.status).toBe(400); // read whole, then refused for its signature
    expect((await within.json()).error.message).toMatch(/signature/i);
  });

  it('blog posts take a long post (150,000 characters) and refuse a body over 1 MB', async () => {
    const content = `<p>${'Long read. '.repeat(13_700)}</p>`;
    expect(content.length).toBeGreaterThan(150_000);
    const made = await json(
      t.app,
      'POST',
      '/api/admin/blogs',
      { title: 'Long', slug: 'long-read', content },
      admin,
    );
    expect(made.status).toBe(201);
    const huge = JSON.stringify({ title: 'Huge', slug: 'huge', content: 'x'.repeat(BODY_LIMITS.blog) });
    await expectTooLarge(await post('/api/admin/blogs', huge, admin));
    await expectTooLarge(await post(`/api/admin/blogs/${made.body.id}`, huge, admin, 'PUT'));
  });

  it('reads are untouched', async () => {
    expect((await json(t.app, 'GET', '/healthz')).status).toBe(200);
  });
});
