/**
 * `invoice-pay.js` and the loader it adds on a merchant's page (served from another origin): they
 * define the element at once, but ask for the pay session and import the pay flow only when the
 * element nears the viewport (or at once with loading="eager"); the page does not move when the
 * flow replaces the loading view (CLS 0). Properties set before the script ran are kept, attributes and
 * properties mirror each other, and a flow that cannot load says so with a retry.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveExample, type ExampleHost } from './support/examples.ts';
import { launchBrowser, watchErrors } from './support/browser.ts';
import { createConnectedMerchant, waitForForm, widget, type TestMerchant } from './support/pay-fixtures.ts';
import { startServer, type RunningServer } from './support/server.ts';

/** Layout shifts without recent input, recorded from the page's first script on. */
function installObservers() {
  const seen = { cls: 0, shifts: [] as number[] };
  (window as unknown as { __perf: typeof seen }).__perf = seen;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
      if (!e.hadRecentInput) {
        seen.cls += e.value;
        seen.shifts.push(e.value);
      }
  }).observe({ type: 'layout-shift', buffered: true });
}

const perf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __perf: { cls: number; shifts: number[] } }).__perf);

describe('widget loader', () => {
  let server: RunningServer;
  let browser: Browser;
  let merchant: TestMerchant;
  let host: ExampleHost;
  let n = 0;

  const element = (attrs = '') =>
    `<invoice-pay merchant="${merchant.id}" invoice="INV-L${++n}" amount="100.00" currency="AUD"${attrs}></invoice-pay>`;
  const page = (
    body: string,
    head = `<script src="${server.baseUrl}/widget/invoice-pay.js" defer></script>`,
  ) =>
    `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Shop</title>` +
    `${head}</head><body style="margin:0;font-family:sans-serif">${body}</body></html>`;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    merchant = createConnectedMerchant(server);
    const below = (attrs = '', head?: string) =>
      page(
        `<h1>Our shop</h1><div style="height:3000px">Products…</div>${element(attrs)}<p id="after">Footer</p>`,
        head,
      );
    host = await serveExample('examples/html', (t) => t, {
      '/below.html': below(),
      '/below-eager.html': below(' loading="eager"'),
      // The host rule docs/embedding.md gives: the form's height before the script has run.
      '/in-view.html': page(
        `<h1>Pay your invoice</h1>${element()}<p id="after">Contact us on 1300 000 000.</p>`,
        `<style>invoice-pay:not(:defined){display:block;min-height:920px}` +
          `@media (max-width:424px){invoice-pay:not(:defined){min-height:1020px}}</style>` +
          `<script src="${server.baseUrl}/widget/invoice-pay.js" defer></script>`,
      ),
      '/unknown-merchant.html': page(
        `<invoice-pay merchant="00000000-0000-4000-8000-000000000000" invoice="INV-X" amount="10.00" loading="eager"></invoice-pay>` +
          `<invoice-pay invoice="INV-Y" amount="10.00" loading="eager"></invoice-pay>`,
      ),
      '/early-properties.html':
        `<!doctype html><html lang="en"><body><invoice-pay id="w"></invoice-pay><script>` +
        `const w = document.getElementById('w'); w.merchant = '${merchant.id}'; w.invoice = 'INV-EARLY'; w.amount = '42.00';` +
        `w.customerEmail = 'early@builder.test'; w.debug = false;` +
        `</script><script src="${server.baseUrl}/widget/invoice-pay.js"></script></body></html>`,
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await host?.close();
  });

  async function open(path: string, o: { width?: number; throttle?: number } = {}) {
    const context = await browser.newContext({ viewport: { width: o.width ?? 1280, height: 800 } });
    await context.addInitScript(installObservers);
    const p = await context.newPage();
    p.setDefaultTimeout(15_000);
    if (o.throttle) {
      const cdp = await context.newCDPSession(p);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: o.throttle });
    }
    const requests: string[] = [];
    p.on('request', (r: Request) => requests.push(r.url()));
    const errors = watchErrors(p);
    await p.goto(`${host.url}${path}`);
    return { page: p, requests, errors, close: () => context.close() };
  }

  const flowRequests = (requests: string[]) => requests.filter((u) => /\/widget\/invoice-pay-flow-/.test(u));
  const sessionRequests = (requests: string[]) => requests.filter((u) => u.includes('/api/pay/session?'));

  // What the loader costs the page in blocking time is the benchmark host-page-tbt-below-fold's figure
  // (median of 7 runs, budget ≤ 10 ms): one run on a shared virtual machine can meet a stall of its
  // own (a 55-63 ms task seen at 4× throttling on a slow one), so this test checks behaviour only.
  it('below the fold: defines the element at once, asks for the session and the flow only when scrolled near', async () => {
    // The documented tag in the page's HTML: invoice-pay.js adds the loader (its own task).
    const { page: p, requests, errors, close } = await open('/below.html', { throttle: 4 });
    await p.waitForLoadState('load');
    await p.waitForFunction(() => customElements.get('invoice-pay'));
    await p.waitForTimeout(1500);
    expect(requests.filter((u) => /\/widget\/invoice-pay-loader-[0-9a-f]{10}\.js$/.test(u))).toHaveLength(1);
    // Nothing is asked of the server for an element nobody scrolled to.
    expect(flowRequests(requests)).toEqual([]);
    expect(sessionRequests(requests)).toEqual([]);
    // The element is defined and holds its space already: the loading view, the form's height.
    const reserved = await widget(p).evaluate((el) => ({
      defined: customElements.get('invoice-pay') === el.constructor,
      height: el.getBoundingClientRect().height,
      status: el.shadowRoot?.querySelector('[role=status]')?.textContent,
    }));
    expect(reserved).toMatchObject({ defined: true, status: 'Loading payment page...' });
    expect(reserved.height).toBeGreaterThanOrEqual(900);

    await p.evaluate(() => window.scrollTo(0, 2400)); // within 600 px of the element
    await expect.poll(() => flowRequests(requests).length).toBe(1);
    await waitForForm(widget(p));
    expect(sessionRequests(requests)).toHaveLength(1); // asked once, beside the flow
    expect(errors).toEqual([]);
    await close();
  });

  it('loading="eager" loads the flow at once, wherever the element is', async () => {
    const { page: p, requests, close } = await open('/below-eager.html');
    await expect.poll(() => flowRequests(requests).length).toBe(1);
    await waitForForm(widget(p));
    await close();
  });

  it('does not move the page when the form replaces the loading view (CLS 0), wide and narrow', async () => {
    for (const width of [1280, 360]) {
      const { page: p, errors, close } = await open('/in-view.html', { width });
      await waitForForm(widget(p));
      await p.waitForTimeout(500);
      const { cls, shifts } = await perf(p);
      expect(shifts, `width ${width}`).toEqual([]);
      expect(cls).toBe(0);
      expect(errors).toEqual([]);
      await close();
    }
  });

  it('keeps properties set before the script loaded, and mirrors attributes and properties', async () => {
    const { page: p, errors, close } = await open('/early-properties.html');
    const w = widget(p);
    await waitForForm(w);
    await w.getByText('INV-EARLY').waitFor();
    await expect(w.getByLabel('Email for receipt (optional)').inputValue()).resolves.toBe(
      'early@builder.test',
    );
    const mirrored = await w.evaluate((el) => {
      const e = el as HTMLElement & Record<string, unknown>;
      const out: Record<string, unknown> = {
        merchantAttr: e.getAttribute('merchant'),
        invoiceProp: e.invoice,
        emailAttr: e.getAttribute('customer-email'),
        debugAttr: e.hasAttribute('debug'),
      };
      e.setAttribute('return-url', 'https://shop.example/thanks');
      out.returnUrl = e.returnUrl;
      e.theme = 'dark';
      out.themeAttr = e.getAttribute('theme');
      e.debug = true;
      out.debugOn = e.getAttribute('debug');
      e.debug = false;
      out.debugOff = e.hasAttribute('debug');
      e.removeAttribute('reference');
      out.reference = e.reference;
      e.reference = 'PO-1';
      out.referenceAttr = e.getAttribute('reference');
      e.reference = null;
      out.referenceCleared = e.hasAttribute('reference');
      return out;
    });
    expect(mirrored).toEqual({
      merchantAttr: merchant.id,
      invoiceProp: 'INV-EARLY',
      emailAttr: 'early@builder.test',
      debugAttr: false,
      returnUrl: 'https://shop.example/thanks',
      themeAttr: 'dark',
      debugOn: '',
      debugOff: false,
      reference: undefined,
      referenceAttr: 'PO-1',
      referenceCleared: false,
    });
    expect(errors).toEqual([]);
    await close();
  });

  it('says so, with a retry, when the pay flow cannot load, and reports it with the invoice', async () => {
    const context = await browser.newContext();
    const p = await context.newPage();
    p.setDefaultTimeout(15_000);
    await p.route(/\/widget\/invoice-pay-flow-[^/?]+\.js$/, (route) =>
      route.fulfill({ status: 503, body: 'down' }),
    );
    await p.addInitScript(() => {
      const seen: unknown[] = [];
      (window as unknown as { __errors: unknown[] }).__errors = seen;
      document.addEventListener('invoice-pay:error', (e) => seen.push((e as CustomEvent).detail));
    });
    await p.goto(`${host.url}/in-view.html`);
    const w = widget(p);
    await w
      .getByText('There was a problem loading the payment form. Please try again later or contact support.')
      .waitFor();
    const [detail] = await p.evaluate(
      () => (window as unknown as { __errors: Record<string, unknown>[] }).__errors,
    );
    expect(detail).toMatchObject({ code: 'load_failed', invoice: expect.stringMatching(/^INV-L\d+$/) });
    await p.unroute(/\/widget\/invoice-pay-flow-[^/?]+\.js$/);
    await w.getByRole('button', { name: 'Try again' }).click();
    await waitForForm(w);
    await context.close();
  });

  it("on a merchant's own site, a broken element tells the customer whom to contact, not to check a URL", async () => {
    const { page: p, close } = await open('/unknown-merchant.html');
    const unknown = widget(p, 0);
    await unknown.getByText('Merchant Not Found').waitFor();
    const missing = widget(p, 1);
    await missing.getByText('This payment form is missing some details.', { exact: false }).waitFor();
    for (const w of [unknown, missing]) {
      const text = (await w.evaluate((el) => el.shadowRoot!.textContent)) ?? '';
      expect(text).toContain('Please contact the business whose website this is to pay your invoice.');
      expect(text).not.toMatch(/check the (URL|address|link)/i);
    }
    await close();
  });
});
