/**
 * The hosted pay page served with its `<invoice-pay>` already in it (api/http/pay-page.ts): the same
 * attributes the page's script would set (core/link-params.ts aliases, the path segment as merchant
 * id or shortcode), escaped; nothing rendered for a link the element cannot take.
 */
import { describe, expect, it } from 'vitest';
import { forProvider, renderPayPage } from '../../../../api/http/pay-page.ts';

const BUILT = [
  '<!doctype html><html><body><main id="pay">',
  '<!-- pay:element -->',
  '<p class="pay-fallback" role="status">Loading payment page...</p>',
  '<!-- /pay:element -->',
  '<noscript><p>This payment page needs JavaScript.</p></noscript></main></body></html>',
].join('\n');
const MERCHANT = '3f2b6c1e-9a4d-4e7b-8c21-5d6f7a8b9c0d';

const render = (pathAndQuery: string) => renderPayPage(BUILT, new URL(pathAndQuery, 'https://pay.example'));
const elementOf = (html: string | null) => /<invoice-pay[^>]*><\/invoice-pay>/.exec(html ?? '')?.[0] ?? null;

describe('renderPayPage', () => {
  it("renders the element for a merchant id in the path and Xero's parameter names, in place of the loading line", () => {
    const html = render(`/pay/${MERCHANT}?INVOICENUMBER=INV-0042&AMOUNTDUE=1,250.00&CURRENCY=AUD`);
    expect(elementOf(html)).toBe(
      `<invoice-pay merchant="${MERCHANT}" invoice="INV-0042" amount="1,250.00" currency="AUD" loading="eager" theme="auto"></invoice-pay>`,
    );
    expect(html).not.toContain('Loading payment page...');
    expect(html).toContain('<noscript>'); // the rest of the page as built
  });

  it('takes a short path segment as a shortcode, query names for the rest, a default currency and debug', () => {
    expect(elementOf(render('/pay/abcd1234?invoice=INV-7&amount=10.00&debug'))).toBe(
      '<invoice-pay shortcode="abcd1234" invoice="INV-7" amount="10.00" currency="AUD" debug loading="eager" theme="auto"></invoice-pay>',
    );
    expect(elementOf(render(`/pay?merchantId=${MERCHANT}&invoice=INV-8&currency=nzd`))).toBe(
      `<invoice-pay merchant="${MERCHANT}" invoice="INV-8" currency="NZD" loading="eager" theme="auto"></invoice-pay>`,
    );
  });

  it('escapes what the link says: an invoice number cannot leave its attribute', () => {
    const html = render(`/pay/${MERCHANT}?invoice=${encodeURIComponent(`"><script>alert('x')</script>&`)}`);
    expect(elementOf(html)).toBe(
      `<invoice-pay merchant="${MERCHANT}" invoice="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;" currency="AUD" loading="eager" theme="auto"></invoice-pay>`,
    );
    expect(html).not.toContain('<script>');
  });

  it('leaves the page as built for a link the element cannot take, or a page without the slot', () => {
    expect(render(`/pay/${MERCHANT}?invoice=INV-1&currency=XYZ`)).toBeNull(); // the invalid-link panel
    expect(render(`/pay/${MERCHANT}?amount=10.00`)).toBeNull(); // no invoice
    expect(render('/pay?invoice=INV-1')).toBeNull(); // no merchant
    expect(render('/pay/%E0%A4%A?invoice=INV-1')).toBeNull(); // malformed: the page reports it
    expect(
      renderPayPage('<main id="pay"></main>', new URL(`https://p.example/pay/${MERCHANT}?invoice=1`)),
    ).toBeNull();
  });
});

describe('forProvider', () => {
  const HEAD = [
    '<link rel="modulepreload" href="/widget/invoice-pay-flow-a.js" />',
    '<!-- invoice-pay:provider sandbox --><link rel="modulepreload" href="/widget/invoice-pay-SandboxCard-b.js" /><!-- /invoice-pay:provider -->',
    '<!-- invoice-pay:provider stripe --><link rel="modulepreload" href="/widget/invoice-pay-StripeCard-c.js" /><!-- /invoice-pay:provider -->',
  ].join('\n');

  it("keeps the flow's preloads and only this server's provider's card form", () => {
    const stripe = forProvider(HEAD, 'stripe');
    expect(stripe).toContain('invoice-pay-flow-a.js');
    expect(stripe).toContain('invoice-pay-StripeCard-c.js');
    expect(stripe).not.toContain('SandboxCard');
    const sandbox = forProvider(HEAD, 'sandbox');
    expect(sandbox).toContain('invoice-pay-SandboxCard-b.js');
    expect(sandbox).not.toContain('StripeCard');
  });
});
