/**
 * The plain HTML, website-builder snippet, pinned (SRI) and theming examples, served as they are
 * (placeholders replaced) from another origin than the API, against the real server in sandbox mode
 * with the demo merchant its seed created: a sandbox payment completes and the host page sees it.
 * The theming example meets WCAG AA contrast (axe-core) in its dark and light themes.
 */
import AxeBuilder from '@axe-core/playwright';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchErrors } from './support/browser.ts';
import { money, waitForForm, widget } from './support/pay-fixtures.ts';
import { receiptTokenFor } from './support/site.ts';
import { startServer, type RunningServer } from './support/server.ts';
import {
  demoMerchantId,
  eventsOf,
  freshInvoice,
  payInWidget,
  placeholders,
  recordEvents,
  serveExample,
  type ExampleHost,
} from './support/examples.ts';

/** The Content-Security-Policy docs/embedding.md gives host pages, naming `origin` as our server. */
function documentedPolicy(origin: string): string {
  const documented = readFileSync('docs/embedding.md', 'utf8')
    .split('\n')
    .find((l) => l.startsWith("script-src 'self' https://pay.example.com"))!;
  return documented.replaceAll('https://pay.example.com', origin);
}

/** Collect the page's `securitypolicyviolation` events in `window.__csp`, from its first script on. */
function recordCspViolations(page: Page) {
  return page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
}

describe('examples: plain HTML, snippet, pinned with SRI, theming', () => {
  let server: RunningServer;
  let browser: Browser;
  let merchantId: string;
  const hosts: ExampleHost[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    merchantId = await demoMerchantId(server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await Promise.all(hosts.map((h) => h.close()));
  });

  const host = async (dir: string, invoice: string, extra?: (t: string) => string) => {
    const replace = placeholders(server, merchantId, invoice);
    const h = await serveExample(dir, (t) => (extra ? extra(replace(t)) : replace(t)));
    hosts.push(h);
    return h;
  };

  it('plain HTML: pays the whole invoice cross-origin; the page shows it and gets minor-unit events', async () => {
    const invoice = freshInvoice('INV-HTML');
    const h = await host('examples/html', invoice);
    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    const errors = watchErrors(page);
    await recordEvents(page);
    await page.goto(`${h.url}/index.html`);
    const w = widget(page);
    await waitForForm(w);
    await expect(w.getByLabel(/^Payment amount/).inputValue()).resolves.toBe('1250.00');
    await payInWidget(w);

    const events = await eventsOf(page);
    const payment = events.find((e) => e.type === 'invoice-pay:payment')!.detail;
    expect(payment).toMatchObject({ invoice, currency: 'AUD', amount: 125000, remaining: 0 });
    expect(payment.total).toBe(125000 + (payment.surcharge as number));
    expect(payment.surcharge).toBe(3688); // 2.95 % of 1,250.00, in cents
    expect(events.map((e) => e.type)).toEqual([
      'invoice-pay:ready',
      'invoice-pay:payment',
      'invoice-pay:paid',
    ]);
    // The example's own listener formats the minor units back into money.
    await expect(page.locator('#status').textContent()).resolves.toBe(
      `Thank you! ${money(128688)} paid on invoice ${invoice} (reference ${payment.transactionId}). The invoice is now fully paid.`,
    );
    const details = await fetch(
      `${server.baseUrl}/api/payments/details?session_id=${payment.transactionId}&t=${receiptTokenFor(payment.paymentId as string)}`,
    ).then((r) => r.json());
    expect(details).toMatchObject({
      status: 'succeeded',
      amount: 125000,
      remaining_due: 0,
      merchant_id: merchantId,
    });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the website-builder snippet works on its own, pasted into any page', async () => {
    const invoice = freshInvoice('INV-SNIP');
    const snippet = readFileSync('examples/html/snippet.html', 'utf8');
    expect(
      snippet
        .trim()
        .split('\n')
        .filter((l) => !l.startsWith('<!--')),
    ).toHaveLength(2); // copy-paste sized
    const h = await host('examples/html', invoice);
    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    await recordEvents(page);
    await page.goto(`${h.url}/snippet.html`);
    await waitForForm(widget(page));
    await expect.poll(async () => (await eventsOf(page)).map((e) => e.type)).toEqual(['invoice-pay:ready']);
    expect((await eventsOf(page))[0].detail).toMatchObject({ invoice, remaining: 125000 });
    await page.close();
  });

  it('pays under the Content-Security-Policy docs/embedding.md gives host pages, with no violation', async () => {
    const policy = documentedPolicy(server.baseUrl);
    // Styles come from constructable stylesheets: no inline style needs allowing.
    expect(policy).toMatch(/style-src 'self'(;|$)/);
    expect(policy).not.toContain('unsafe');
    const invoice = freshInvoice('INV-CSP');
    const h = await serveExample(
      'examples/html',
      placeholders(server, merchantId, invoice),
      {},
      { 'content-security-policy': policy },
    );
    hosts.push(h);
    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    const errors = watchErrors(page);
    await recordCspViolations(page);
    const res = await page.goto(`${h.url}/snippet.html`);
    expect(res?.headers()['content-security-policy']).toBe(policy);
    await payInWidget(widget(page));
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
    expect(errors).toEqual([]);
    // The policy is not a blank cheque: without our origin in script-src the widget is blocked.
    const strict = await serveExample(
      'examples/html',
      placeholders(server, merchantId, invoice),
      {},
      {
        'content-security-policy': policy.replace(`script-src 'self' ${server.baseUrl}`, "script-src 'self'"),
      },
    );
    hosts.push(strict);
    const blocked = watchErrors(page);
    await page.goto(`${strict.url}/snippet.html`);
    await expect.poll(() => blocked.join('\n')).toMatch(/Content Security Policy/);
    expect(await page.evaluate(() => customElements.get('invoice-pay') === undefined)).toBe(true);
    await page.close();
  });

  it('pays under a nonce-based Content-Security-Policy: the tag passes its nonce on, with no violation', async () => {
    // Scripts allowed by nonce only: not our origin, not 'self', no 'strict-dynamic'.
    const policy = documentedPolicy(server.baseUrl).replace(
      `script-src 'self' ${server.baseUrl}`,
      "script-src 'nonce-t3stN0nce'",
    );
    const invoice = freshInvoice('INV-NONCE');
    const withNonce = (t: string) => t.replace('<script src=', '<script nonce="t3stN0nce" src=');
    const h = await serveExample(
      'examples/html',
      (t) => withNonce(placeholders(server, merchantId, invoice)(t)),
      {},
      { 'content-security-policy': policy },
    );
    hosts.push(h);
    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    const errors = watchErrors(page);
    await recordCspViolations(page);
    await page.goto(`${h.url}/snippet.html`);
    await payInWidget(widget(page));
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('pinned: the versioned URL with its SRI hash from manifest.json loads; a wrong hash is refused', async () => {
    const manifest = await fetch(`${server.baseUrl}/widget/manifest.json`).then((r) => r.json());
    const { path, integrity } = manifest.script as { path: string; integrity: string };
    const versioned = await fetch(server.baseUrl + path, { headers: { origin: 'http://elsewhere.test' } });
    expect(versioned.status).toBe(200);
    expect(versioned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(versioned.headers.get('access-control-allow-origin')).toBe('*'); // SRI on a cross-origin script needs CORS
    // The chain of pins: the tag's file carries the loader's name and SRI hash, which fit its bytes.
    const tagCode = await versioned.text();
    const loader = manifest.loader as { path: string; integrity: string };
    expect(tagCode).toContain(loader.path.replace('/widget/', ''));
    expect(tagCode).toContain(loader.integrity);
    const loaderAnswer: Response = await fetch(server.baseUrl + loader.path);
    const loaderBytes = Buffer.from(await loaderAnswer.arrayBuffer());
    expect(`sha384-${createHash('sha384').update(loaderBytes).digest('base64')}`).toBe(loader.integrity);

    const pin = (value: string) => (t: string) =>
      t
        .replace(/src="[^"]*\/widget\/invoice-pay\.[^"]+\.js"/, `src="${server.baseUrl}${path}"`)
        .replace(/integrity="[^"]+"/, `integrity="${value}"`);
    const good = await host('examples/html', freshInvoice('INV-PIN'), pin(integrity));
    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    const errors = watchErrors(page);
    await page.goto(`${good.url}/pinned.html`);
    await waitForForm(widget(page));
    expect(errors).toEqual([]);

    const tampered = integrity.slice(0, -4) + (integrity.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const bad = await host('examples/html', freshInvoice('INV-PIN'), pin(tampered));
    const refused = watchErrors(page);
    await page.goto(`${bad.url}/pinned.html`);
    await page.waitForLoadState('load');
    await expect.poll(() => refused.join('\n')).toMatch(/integrity/i);
    expect(await page.evaluate(() => customElements.get('invoice-pay') === undefined)).toBe(true);
    await page.close();
  });

  it('theming: custom properties and parts reach the element, dark and light; a payment completes in the dark theme', async () => {
    const h = await host('examples/theming', freshInvoice('INV-THEME'));
    const themingContext = await browser.newContext(); // axe needs a page of its own context
    const page = await themingContext.newPage();
    page.setDefaultTimeout(15_000);
    const errors = watchErrors(page);
    await page.goto(`${h.url}/index.html`);
    const w = widget(page);
    await waitForForm(w);
    const look = () =>
      w.evaluate((el) => {
        const root = el.shadowRoot!;
        const style = (sel: string) => getComputedStyle(root.querySelector(sel)!);
        return {
          panel: style('[part~=root]').backgroundColor,
          text: style('[part~=root]').color,
          font: style('[part~=root]').fontFamily,
          payBg: style('[part~=pay-button]').backgroundColor,
          payText: style('[part~=pay-button]').color,
          payCase: style('[part~=pay-button]').textTransform,
          radius: style('[part~=pay-button]').borderTopLeftRadius,
          input: style('[part~=amount]').backgroundColor,
        };
      });
    expect(await look()).toEqual({
      panel: 'rgb(15, 23, 42)',
      text: 'rgb(226, 232, 240)',
      font: 'Georgia, "Times New Roman", serif',
      payBg: 'rgb(94, 234, 212)',
      payText: 'rgb(4, 47, 46)',
      payCase: 'uppercase',
      radius: '12px', // --invoice-pay-radius minus the inputs' 2 px
      input: 'rgb(30, 41, 59)',
    });
    // WCAG AA in the dark example too: quick-amount buttons, inputs, breakdown, Pay button.
    const contrast = async () =>
      (await new AxeBuilder({ page }).withRules(['color-contrast']).analyze()).violations.flatMap((v) =>
        v.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
      );
    expect(await contrast()).toEqual([]);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(await look()).toMatchObject({
      panel: 'rgb(255, 255, 255)',
      payBg: 'rgb(15, 118, 110)',
      payText: 'rgb(255, 255, 255)',
      input: 'rgb(255, 255, 255)',
    });
    expect(await contrast()).toEqual([]);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await payInWidget(w);
    expect(errors).toEqual([]);
    await themingContext.close();
  });
});
