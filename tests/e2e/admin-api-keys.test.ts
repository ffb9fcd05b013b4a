/**
 * Integrations in Chromium against the real server: the console's API keys page (create with a
 * merchant scope and an expiry; the key shown once, copied, then never again; revoked, and the API
 * refuses it at once), the automation webhook's payload version, rotation note and delivery log with
 * request and response, and the API reference (/api/docs): search, copy-ready curl with the key as a
 * placeholder, and try-it against this sandbox server with the key typed at the top.
 */
import AxeBuilder from '@axe-core/playwright';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seededAdmin, signIn, toast } from './support/admin.ts';
import { launchBrowser, watchErrors } from './support/browser.ts';
import { createConnectedMerchant, payOverHttp, type TestMerchant } from './support/pay-fixtures.ts';
import { startServer, type RunningServer } from './support/server.ts';

const serious = (violations: Array<{ id: string; impact?: string | null }>) =>
  violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);

describe('console integrations and the API reference', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let merchant: TestMerchant;
  let receiver: Server;
  let receiverUrl: string;
  let secret = '';
  const received: Array<{ path: string; body: string; idempotencyKey: string }> = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({
          path: req.url ?? '',
          body,
          idempotencyKey: String(req.headers['idempotency-key'] ?? ''),
        });
        res.writeHead(200, { 'content-type': 'application/json', 'x-receiver': 'e2e' });
        res.end('{"received":true}');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    [server, browser] = await Promise.all([
      startServer({ env: { OUTBOUND_ALLOWLIST: '127.0.0.1' } }),
      launchBrowser(),
    ]);
    merchant = createConnectedMerchant(server, { business_name: 'Harbour Timber' });
    context = await browser.newContext();
    page = await context.newPage();
    await signIn(page, server.baseUrl, seededAdmin(server));
    await page.waitForURL(/\/admin\/dashboard/);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    receiver?.close();
  });

  const api = (path: string, key: string) =>
    fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });

  it('creates a scoped key shown once, lists it by prefix, and revokes it', async () => {
    const errors = watchErrors(page);
    await page.getByRole('menuitem', { name: 'API Keys' }).click();
    await page.waitForURL(/\/admin\/api-keys$/);
    await expect.poll(() => page.title()).toMatch(/API Keys/);
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await dialog.getByLabel('Name').fill('Shop sync');
    await dialog.getByRole('combobox', { name: 'Merchant' }).fill('Harbour');
    await page.getByRole('option', { name: /Harbour Timber/ }).click();
    await dialog.getByLabel(/Read and write/).check();
    expect(serious((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations)).toEqual(
      [],
    );
    await dialog.getByRole('button', { name: 'Create API key' }).click();

    const shown = page.getByRole('dialog', { name: 'Copy the new key now' });
    secret = await shown.getByTestId('api-key-secret').inputValue();
    expect(secret).toMatch(/^ip_test_[0-9A-Za-z]{40}$/);
    await shown.getByRole('button', { name: 'I have stored it' }).click();
    const row = page.getByRole('row', { name: /Shop sync/ });
    await expect.poll(() => row.textContent()).toContain(`${secret.slice(0, 14)}…`);
    expect(await row.textContent()).toContain('Harbour Timber');
    const me = await api('/api/v1/keys/current', secret);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ merchant_id: merchant.id, permission: 'write' });

    await page.reload();
    await page.getByRole('row', { name: /Shop sync/ }).waitFor();
    expect((await page.content()).includes(secret)).toBe(false); // never shown again

    await page.getByRole('button', { name: 'Revoke Shop sync' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke this API key?' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await toast(page, 'API key revoked').waitFor();
    await expect.poll(async () => (await api('/api/v1/keys/current', secret)).status).toBe(401);
    await expect.poll(() => page.getByRole('row', { name: /Shop sync/ }).textContent()).toMatch(/revoked/i);
    expect(errors).toEqual([]);
  });

  it('sets the payload version, rotates with the 24 h note, and shows delivery attempts with request and response', async () => {
    await page.goto(`${server.baseUrl}/admin/merchants/${merchant.id}?tab=developers`);
    await page.getByLabel('Webhook URL').fill(receiverUrl);
    await page.getByTestId('webhook-version').locator('..').click();
    await page.getByRole('option', { name: /^2026-11/ }).click();
    await page.getByRole('button', { name: 'Save webhook settings' }).click();
    await toast(page, 'Webhook settings saved successfully').waitFor();
    await page.getByRole('button', { name: 'Rotate' }).click();
    await page
      .getByRole('dialog', { name: 'Rotate signing secret?' })
      .getByRole('button', { name: 'Rotate' })
      .click();
    await page.getByTestId('previous-secret').waitFor();
    expect(await page.getByTestId('previous-secret').textContent()).toMatch(/also signs deliveries until/);

    await page.getByRole('button', { name: 'Test webhook' }).click();
    await page.getByTestId('webhook-test-result').waitFor();
    const log = page.getByTestId('webhook-deliveries');
    await log.getByRole('row', { name: /test/ }).waitFor();
    expect(await log.getByRole('row', { name: /test/ }).textContent()).toContain('HTTP 200');
    await log.getByRole('button', { name: 'Show request and response' }).first().click();
    const exchange = page.getByTestId('delivery-exchange');
    const text = (await exchange.textContent()) ?? '';
    expect(text).toContain('"type": "test"');
    expect(text).toContain('"api_version": "2026-11"');
    expect(text).toMatch(/x-invoicepay-signature: t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}/);
    expect(text).toContain('x-receiver: e2e');
    expect(text).toContain('"received": true');
  });

  it('adds a webhook endpoint (secret shown once), lists the events sent to it and resends one from the console', async () => {
    const errors = watchErrors(page);
    const before = received.length;
    await page.goto(`${server.baseUrl}/admin/merchants/${merchant.id}?tab=developers`);
    const panel = page.getByRole('region', { name: 'Webhook endpoints' });
    await panel.getByLabel('Endpoint URL').fill(`${receiverUrl}/endpoint`);
    await panel.getByTestId('endpoint-events').locator('..').click();
    await page.getByRole('option', { name: 'payment.succeeded' }).click();
    await page.keyboard.press('Escape');
    await panel.getByRole('button', { name: 'Add endpoint' }).click();
    const shown = page.getByRole('dialog', { name: 'The endpoint’s signing secret' });
    const endpointSecret = await shown.getByTestId('api-key-secret').inputValue();
    expect(endpointSecret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'I have stored it' }).click();
    const row = panel.getByTestId('webhook-endpoints').getByRole('row', { name: /\/endpoint/ });
    await expect.poll(() => row.textContent()).toContain('payment.succeeded');
    expect(
      serious((await new AxeBuilder({ page }).include('#webhook-endpoints-title').analyze()).violations),
    ).toEqual([]);

    // A payment: its payment.succeeded reaches the endpoint (and the automation webhook, set above).
    const paid = await payOverHttp(server.baseUrl, {
      merchant: merchant.id,
      invoice: 'INV-EP-E2E',
      linkAmount: '80.00',
      amount: 8000,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const toEndpoint = () => received.slice(before).filter((r) => r.path.endsWith('/endpoint'));
    await expect.poll(() => toEndpoint().length, { timeout: 15_000 }).toBe(1);
    const first = toEndpoint()[0]!;
    expect(JSON.parse(first.body).type).toBe('payment.succeeded');

    await page.reload();
    const event = panel.getByTestId('webhook-event').filter({ hasText: 'payment.succeeded' }).first();
    await expect.poll(() => event.textContent(), { timeout: 15_000 }).toMatch(/\/endpoint: delivered/);
    await event.getByLabel('Send again to').click();
    await page.getByRole('option', { name: /\/endpoint$/ }).click();
    await event.getByRole('button', { name: 'Resend' }).click();
    await toast(page, /Queued/).waitFor();
    await expect.poll(() => toEndpoint().length, { timeout: 15_000 }).toBe(2);
    expect(toEndpoint()[1]!.body).toBe(first.body);
    expect(toEndpoint()[1]!.idempotencyKey).toBe(first.idempotencyKey);

    await row.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this webhook endpoint?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await toast(page, 'Webhook endpoint deleted').waitFor();
    await expect.poll(() => panel.getByText('No webhook endpoints yet.').isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('serves the API reference: integrator operations before the console, search, curl and try-it', async () => {
    const errors = watchErrors(page);
    await page.goto(`${server.baseUrl}/api/docs`);
    const headings = await page.locator('h2.group').allTextContents();
    expect(headings.slice(0, 2)).toEqual(['Integrator API (v1)', 'Pay and embed']);
    expect(headings.indexOf('Console (admin)')).toBeGreaterThan(1);
    const create = page.locator('#op-post-api-v1-pay-links');
    expect(await create.locator('.curl code').textContent()).toContain(
      '-H "Authorization: Bearer $INVOICEPAY_API_KEY"',
    );

    await page.getByLabel('Search').fill('refund');
    await expect.poll(() => page.locator('#op-get-api-v1-invoices').isHidden()).toBe(true);
    expect(await page.locator('#op-post-api-v1-payments-id-refunds').isVisible()).toBe(true);
    expect(await page.locator('#q-count').textContent()).toMatch(/\d+ match/);
    await page.getByLabel('Search').fill('');

    // Try it with a key made over the API (the console's access token is in the other tab's memory).
    const login = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(seededAdmin(server)),
    });
    const admin = ((await login.json()) as { accessToken: string }).accessToken;
    const made = await fetch(`${server.baseUrl}/api/admin/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ name: 'Docs try-it', permission: 'read', merchant_id: merchant.id }),
    });
    const key = ((await made.json()) as { secret: string }).secret;
    await page.getByLabel('Key for Try it').fill(key);
    const current = page.locator('#op-get-api-v1-keys-current');
    await current.getByText('Try it').click();
    await current.getByRole('button', { name: 'Send GET' }).click();
    await expect.poll(() => current.locator('output').textContent()).toMatch(/^200 OK/);
    expect(await current.locator('output').textContent()).toContain(key.slice(0, 14));
    expect(serious((await new AxeBuilder({ page }).include('main > .search').analyze()).violations)).toEqual(
      [],
    );
    expect(errors).toEqual([]);
  });
});
