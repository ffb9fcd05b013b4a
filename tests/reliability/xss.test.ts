/**
 * XSS (issue 10): a corpus of payloads is stored through every text field a visitor or an admin can
 * fill — merchant business name, contact name and description, blog title, summary, author, tags,
 * HTML content and image URL, the invoice number in a payment link (shown by the widget, stored with
 * the payment, listed in the console), the success and cancel pages' query, and the contact form —
 * then every page that shows them is rendered in Chromium: the site, the hosted pay page's widget
 * and the console (signed in). No script may ever run: no dialog opens and the global trap the
 * payloads set (`window.__xss`) stays unset in every frame. The browser context bypasses our CSP, so
 * this proves the rendering itself is safe (the CSP is a second wall; headers.test.ts proves it).
 * Each payload carries a marker that must appear as text, so the payload really was rendered.
 * Corpus: 6 payloads (DEEP=1: all 14).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededAdmin, signIn } from '../e2e/support/admin.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { payOverHttp } from '../e2e/support/pay-fixtures.ts';
import { startServer, type RunningServer } from '../e2e/support/server.ts';
import { receiptTokenFor } from '../e2e/support/site.ts';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { trapValues, watchContext, type Watch } from './support/browser-watch.ts';
import { DEEP } from './support/tiers.ts';

const ALL_PAYLOADS = [
  (m: string) => `${m}<img src=x onerror="window.__xss='img';alert('img')">`,
  (m: string) => `${m}"><script>window.__xss='script';alert('script')</script>`,
  (m: string) => `${m}<svg/onload="window.__xss='svg';alert('svg')">`,
  (m: string) =>
    `${m}<iframe srcdoc="<script>parent.__xss='srcdoc';parent.alert('srcdoc')</script>"></iframe>`,
  (m: string) =>
    `${m}<a href="javascript:window.__xss='href'" id="x">link</a><details open ontoggle="window.__xss='details'">`,
  (m: string) => `${m}'-alert('quote')-'\`\${alert('tpl')}\`{{constructor.constructor('window.__xss=1')()}}`,
  (m: string) => `${m}<math><mtext><table><mglyph><style><img src=x onerror="window.__xss='mxss'">`,
  (m: string) => `${m}<noscript><p title="</noscript><img src=x onerror=window.__xss='noscript'>">`,
  (m: string) => `${m}<body onload="window.__xss='body'"><input autofocus onfocus="window.__xss='focus'">`,
  (m: string) =>
    `${m}<object data="javascript:window.__xss='object'"></object><embed src="javascript:window.__xss='embed'">`,
  (m: string) =>
    `${m}<style>@import 'javascript:window.__xss=1';</style><link rel=stylesheet href="javascript:window.__xss=1">`,
  (m: string) => `${m}<form><button formaction="javascript:window.__xss='formaction'">go</button></form>`,
  (m: string) => `${m}<scr<script>ipt>window.__xss='nested'</scr</script>ipt>`,
  (m: string) => `${m}\u2028\u2029</script><script>window.__xss='ls'</script>`,
];
const PAYLOADS = DEEP ? ALL_PAYLOADS : ALL_PAYLOADS.slice(0, 6);
const mark = (i: number) => `XssMark${i}`;

describe('no stored or reflected script runs on any surface', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: { authorization: string };
  const merchants: string[] = [];
  const payments: { paymentId: string; intentId: string; invoice: string }[] = [];

  const api = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return text ? JSON.parse(text) : null;
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const login = await api('POST', '/api/auth/login', seededAdmin(server));
    admin = { authorization: `Bearer ${login.accessToken}` };
    for (const [i, payload] of PAYLOADS.entries()) {
      const p = payload(mark(i));
      // Merchant fields through the admin API, then connected (as onboarding would) so it can be paid.
      const m = await api(
        'POST',
        '/api/admin/merchants',
        {
          business_name: p.slice(0, 190),
          name: p.slice(0, 190),
          email: `xss${i}@supplier.test`,
          description: p,
        },
        admin,
      );
      merchants.push(m.id);
      const db = new Database(join(server.dataDir, 'app.db'));
      db.pragma('busy_timeout = 5000');
      db.prepare(
        `UPDATE merchants SET stripe_account_id = ?, stripe_charges_enabled = 1, stripe_onboarding_complete = 1 WHERE id = ?`,
      ).run(`acct_xss${String(i).padStart(12, '0')}`, m.id);
      db.close();
      await api(
        'POST',
        '/api/admin/blogs',
        {
          title: p.slice(0, 190),
          slug: `xss-post-${i}`,
          summary: p,
          author: p.slice(0, 110),
          tags: [p.slice(0, 40), 'safe'],
          content: `<p>${mark(i)}</p>${p}`,
          image_url: `https://images.example.test/x.png?"onerror="window.__xss='image'`,
          status: 'published',
        },
        admin,
      );
      await api('POST', '/api/public/prospects', {
        name: p.slice(0, 190),
        email: `lead${i}@builder.test`,
        company_name: p.slice(0, 190),
        phone: '0400 000 000',
      });
      // A paid invoice whose number is the payload (link parameter → payment → console, success page).
      const invoice = `${mark(i)}<img src=x onerror=window.__xss=${i}>`.slice(0, 90);
      const paid = await payOverHttp(server.baseUrl, {
        merchant: m.id,
        invoice,
        linkAmount: '100.00',
        amount: 5000,
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      const created = paid.body;
      payments.push({ paymentId: created.paymentId, intentId: created.paymentIntentId, invoice });
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function context(): Promise<{ page: Page; watch: Watch; close(): Promise<void> }> {
    const ctx = await browser.newContext({ bypassCSP: true });
    const watch = await watchContext(ctx);
    const page = await ctx.newPage();
    page.setDefaultTimeout(15_000);
    return { page, watch, close: () => ctx.close() };
  }

  /** Visit, wait for the marker text, give event handlers a moment, then read the trap. */
  async function visit(page: Page, watch: Watch, path: string, marker: string | RegExp) {
    await page.goto(`${server.baseUrl}${path}`);
    await page.getByText(marker).first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.mouse.move(5, 5);
    await page.waitForTimeout(150);
    const trapped = await trapValues(page);
    expect({ path, trapped, dialogs: watch.dialogs }).toEqual({ path, trapped: [], dialogs: [] });
  }

  /** `visit` for a page that must show every marker (a list). */
  async function visitAll(page: Page, watch: Watch, path: string, markers: string[]) {
    await visit(page, watch, path, markers[0]);
    // XssMark1 must not be found through XssMark10.
    for (const marker of markers)
      expect(
        await page.getByText(new RegExp(`${marker}(?!\\d)`)).count(),
        `${marker} on ${path}`,
      ).toBeGreaterThan(0);
  }

  it('renders the payloads as text on the site: blog list, posts, pay page widget, success and cancel pages', async () => {
    const { page, watch, close } = await context();
    try {
      await visit(page, watch, '/blog', mark(0));
      for (const [i] of PAYLOADS.entries()) {
        await visit(page, watch, `/blog/xss-post-${i}`, mark(i));
        const invoice = payments[i].invoice;
        // The widget shows the merchant's name and the link's invoice number.
        await visit(
          page,
          watch,
          `/pay/${merchants[i]}?INVOICENUMBER=${encodeURIComponent(invoice)}&AMOUNTDUE=100.00&CURRENCY=AUD`,
          mark(i),
        );
        // With the payer's proof (the receipt token), as /success asks (issue 49 item 7).
        const t = receiptTokenFor(payments[i].paymentId);
        await visit(page, watch, `/success?session_id=${payments[i].intentId}&t=${t}`, mark(i));
        await visit(
          page,
          watch,
          `/cancel?invoice_no=${encodeURIComponent(PAYLOADS[i](mark(i)))}`,
          /Try Again|no charges|cancel/i,
        );
      }
    } finally {
      await close();
    }
  });

  it('renders the payloads as text in the console: lists, details, dashboard', async () => {
    const { page, watch, close } = await context();
    try {
      await signIn(page, server.baseUrl, seededAdmin(server));
      await page.waitForURL(/\/admin\/dashboard/);
      await visit(page, watch, '/admin/dashboard', mark(PAYLOADS.length - 1));
      // Every payload in every list: one page large enough for all of them (the deep tier's 14
      // payloads plus the demo rows do not fit react-admin's default page of 10).
      const markers = PAYLOADS.map((_, i) => mark(i));
      for (const list of ['merchants', 'payments', 'prospects', 'blogs', 'invoices'])
        await visitAll(page, watch, `/admin/${list}?perPage=100&page=1`, markers);
      for (const [i] of PAYLOADS.entries()) {
        await visit(page, watch, `/admin/merchants/${merchants[i]}`, mark(i));
        await visit(page, watch, `/admin/payments/${payments[i].paymentId}`, mark(i));
      }
    } finally {
      await close();
    }
  });
});
