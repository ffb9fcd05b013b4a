/**
 * Stripe.js replaced at the network edge for browser tests (DESIGN §4): Playwright serves the
 * double (stripe-js.js and its iframes) for https://js.stripe.com, and forwards the browser's
 * https://api.stripe.com calls to the local fake Stripe API (tests/support/fake-stripe.ts), which
 * also serves our server's SDK through STRIPE_API_BASE. `scriptBrowserApi` teaches that fake the
 * publishable-key calls Stripe.js makes (confirmation tokens, reading an intent, 3-D Secure, and a
 * browser's own confirmation, refused for a canceled intent).
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import type { FakeStripe } from '../../../support/fake-stripe.ts';
import { CARD_FRAME_HTML, THREE_DS_FRAME_HTML } from './frames.ts';

export { scriptBrowserApi } from './stripe-api.ts';

const STRIPE_JS = readFileSync(new URL('./stripe-js.js', import.meta.url), 'utf8');

export async function installStripeDouble(target: Page | BrowserContext, fake: FakeStripe): Promise<void> {
  await target.route('https://js.stripe.com/**', (route) => {
    const path = new URL(route.request().url()).pathname;
    if (/^\/(v3\/?|[a-z]+\/stripe\.js)$/.test(path)) {
      return route.fulfill({
        contentType: 'text/javascript',
        body: STRIPE_JS,
        headers: { 'access-control-allow-origin': '*' },
      });
    }
    if (path === '/v3/elements-inner-card-double.html')
      return route.fulfill({ contentType: 'text/html', body: CARD_FRAME_HTML });
    if (path === '/v3/three-ds-double.html')
      return route.fulfill({ contentType: 'text/html', body: THREE_DS_FRAME_HTML });
    return route.fulfill({ status: 404, body: 'not in the double' });
  });
  await target.route('https://api.stripe.com/**', async (route) => {
    const req = route.request();
    const url = new URL(req.url());
    const res = await fetch(`${fake.url}${url.pathname}${url.search}`, {
      method: req.method(),
      headers: {
        'content-type': req.headers()['content-type'] ?? 'application/x-www-form-urlencoded',
        origin: req.headers().origin ?? '',
      },
      body: req.method() === 'GET' ? undefined : (req.postData() ?? ''),
    });
    await route.fulfill({
      status: res.status,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: await res.text(),
    });
  });
}
