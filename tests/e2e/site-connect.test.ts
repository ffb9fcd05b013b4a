/**
 * `/connect/callback` in Chromium against the real server and the sandbox's Connect consent page:
 * the spec's error texts for a missing code or state, Stripe's own refusal, a signed-out admin sent
 * to sign in and brought back to finish, OAuth approve → success with the console link, a replayed
 * state refused, a failed code exchange → pending, and an account that is not the merchant's refused.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBearer, openServerDb } from './support/site.ts';
import { launchBrowser, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const ADMIN_DOMAIN = 'admins.test';
const NO_CODE = 'No authorization code received from Stripe';
const NO_STATE = 'No merchant ID provided in the callback URL state parameter';

describe('Stripe Connect callback page', () => {
  let server: RunningServer;
  let browser: Browser;
  let bearer: string;
  const admin = { email: `connect-admin@${ADMIN_DOMAIN}`, password: 'admin-password' };
  const builder = { email: 'builder@builders.test', password: 'builder-password' };

  async function call(method: string, path: string, body?: unknown, auth?: string) {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  }

  /** A confirmed account (an admin when the email is under ADMIN_EMAIL_DOMAIN). */
  async function account(email: string, password: string) {
    expect((await call('POST', '/api/auth/signup', { email, password })).status).toBe(201);
    const db = openServerDb(server);
    const mail = db
      .prepare("select text_body from emails where to_address = ? and kind = 'verify_email'")
      .get(email) as { text_body: string };
    db.close();
    const token = new URL(mail.text_body.match(/https?:\/\/\S+/)![0]).searchParams.get('token');
    expect((await call('POST', '/api/auth/verify', { token })).status).toBe(200);
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ env: { ADMIN_EMAIL_DOMAIN: ADMIN_DOMAIN } }),
      launchBrowser(),
    ]);
    bearer = await adminBearer(server);
    await Promise.all([account(admin.email, admin.password), account(builder.email, builder.password)]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function newMerchant(): Promise<string> {
    const res = await call(
      'POST',
      '/api/admin/merchants',
      { business_name: 'Connect Supplies', name: 'Pat', email: 'pat@connect.test' },
      bearer,
    );
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    return res.body.id;
  }

  async function startConnect(merchantId: string, mode: 'oauth' | 'onboarding') {
    const res = await call(
      'POST',
      '/api/admin/stripe-connect-url',
      { merchantId, redirectUri: `${server.baseUrl}/connect/callback`, mode },
      bearer,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { url: string; state: string };
  }

  /** A browser profile, signed in (through the API, which sets the refresh cookie) when asked. */
  async function profile(user?: {
    email: string;
    password: string;
  }): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext();
    if (user) {
      const res = await context.request.post(`${server.baseUrl}/api/auth/login`, { data: user });
      expect(res.status()).toBe(200);
    }
    const page = await context.newPage();
    return { context, page, errors: watchErrors(page) };
  }

  const alert = (page: Page) => page.locator('.alert').first();

  it("shows the spec's messages for a missing code or state, and Stripe's own refusal, each linking home", async () => {
    const { context, page, errors } = await profile();
    await page.goto(`${server.baseUrl}/connect/callback`);
    await page.getByRole('heading', { name: 'Connection Failed' }).waitFor();
    expect(await alert(page).innerText()).toBe(NO_CODE);
    expect(await page.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
    expect(await page.title()).toBe('Connection Failed | InvoicePay');

    await page.goto(`${server.baseUrl}/connect/callback?code=ac_123`);
    await page.getByText(NO_STATE).waitFor();

    await page.goto(
      `${server.baseUrl}/connect/callback?error=access_denied&error_description=The+user+denied+your+request&state=x.y`,
    );
    await page.getByText('Stripe did not connect the account: The user denied your request').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a signed-out admin is asked to sign in, comes back, and the onboarding return is handled (not finished: link to the merchant)', async () => {
    const merchantId = await newMerchant();
    const { state } = await startConnect(merchantId, 'onboarding');
    const { context, page } = await profile();
    const callback = `/connect/callback?state=${encodeURIComponent(state)}`;
    await page.goto(`${server.baseUrl}${callback}`);
    await page.getByText('You must be signed in to finish connecting Stripe.').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL('**/login?next=*');
    await page.getByLabel('Email', { exact: true }).fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/connect/callback');
    expect(new URL(page.url()).searchParams.get('state')).toBe(state);
    // The onboarding itself was never finished (this browser came straight back): it says so.
    await page.getByRole('heading', { name: 'Stripe Onboarding Not Finished' }).waitFor();
    const merchant = await call('GET', `/api/admin/merchants/${merchantId}`, undefined, bearer);
    expect(merchant.body.stripe_account_id).toMatch(/^acct_/);
    expect(await alert(page).innerText()).toContain(merchant.body.stripe_account_id);
    expect(await page.getByRole('link', { name: 'Open the Merchant' }).getAttribute('href')).toBe(
      `/admin/merchants/${merchantId}`,
    );

    // The state is single use: coming back with it again is refused.
    await page.reload();
    await page.getByText('This connection link has expired or was already used.', { exact: false }).waitFor();
    await context.close();
  });

  it('onboarding: cancelled on Stripe’s page says it is not finished and how to resume; approved, it is connected', async () => {
    const merchantId = await newMerchant();
    const { context, page } = await profile(admin);
    const first = await startConnect(merchantId, 'onboarding');
    await page.goto(first.url);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { name: 'Stripe Onboarding Not Finished' }).waitFor();
    await expect(page.getByRole('heading', { name: 'Stripe Connected' }).count()).resolves.toBe(0);
    await page.getByText('choose Connect Stripe again').waitFor();

    const again = await startConnect(merchantId, 'onboarding');
    await page.goto(again.url);
    await page.getByRole('button', { name: 'Approve test onboarding' }).click();
    await page.getByRole('heading', { name: 'Stripe Connected' }).waitFor();
    const merchant = await call('GET', `/api/admin/merchants/${merchantId}`, undefined, bearer);
    expect(merchant.body.stripe_charges_enabled).toBeTruthy();
    await context.close();
  });

  it("OAuth: approving on the consent page connects the account; a code Stripe won't exchange leaves it pending", async () => {
    const merchantId = await newMerchant();
    const { url } = await startConnect(merchantId, 'oauth');
    const { context, page, errors } = await profile(admin);
    await page.goto(url);
    await page.locator('button[value="approve"]').click();
    await page.waitForURL((u) => u.pathname === '/connect/callback');
    expect(new URL(page.url()).searchParams.get('code')).toMatch(/^ac_/);
    await page.getByRole('heading', { name: 'Stripe Connected' }).waitFor();
    expect(await page.getByRole('link', { name: 'View Merchant' }).getAttribute('href')).toBe(
      `/admin/merchants/${merchantId}`,
    );

    const other = await newMerchant();
    const { state } = await startConnect(other, 'oauth');
    await page.goto(
      `${server.baseUrl}/connect/callback?code=ac_not_a_real_code&state=${encodeURIComponent(state)}`,
    );
    await page.getByRole('heading', { name: 'Connection Pending' }).waitFor();
    await page.getByText('It will be completed manually.', { exact: false }).waitFor();
    expect(await page.title()).toBe('Connection Pending | InvoicePay');
    const merchant = await call('GET', `/api/admin/merchants/${other}`, undefined, bearer);
    expect(merchant.body.stripe_connect_status).toBe('pending_manual_processing');
    // (The sandbox consent page has no favicon: Chromium's request for one is the only 404.)
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    await context.close();
  });

  it("an account that is neither an admin nor the merchant's owner cannot complete a connection", async () => {
    const merchantId = await newMerchant();
    const { state } = await startConnect(merchantId, 'onboarding');
    const { context, page } = await profile(builder);
    await page.goto(`${server.baseUrl}/connect/callback?state=${encodeURIComponent(state)}`);
    await page.getByText('This account cannot connect Stripe for this merchant', { exact: false }).waitFor();
    const merchant = await call('GET', `/api/admin/merchants/${merchantId}`, undefined, bearer);
    expect(merchant.body.stripe_connect_status).toBe('onboarding');
    await context.close();
  });
});
