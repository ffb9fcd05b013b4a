/**
 * The console's embed codes for a merchant (Merchant Details → Embed): the pinned code takes its
 * path and hash from the widget manifest it is given (never a stale copy), the React code installs
 * the package the server serves, every code names the merchant and the server's address.
 */
import { describe, expect, it } from 'vitest';
import { embedSnippets, exampleCurrency } from '../../admin/src/merchants/embed-snippets.ts';

const merchant = {
  id: '8c1f2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  country: 'NZ',
  payment_url:
    'https://pay.example.com/pay/8c1f2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f?INVOICENUMBER=[INVOICENUMBER]',
};
const manifest = {
  version: '0.3.1',
  script: { path: '/widget/invoice-pay.0.3.1-0123456789.js', integrity: 'sha384-abc+/def' },
  package: { path: '/widget/invoice-pay-0.3.1-9876543210.tgz' },
  wordpress: { path: '/widget/invoice-pay-wordpress.zip' },
};

describe('embed codes', () => {
  it('gives the script tag, the pinned build from the manifest, React, WordPress and the link', () => {
    const snippets = embedSnippets(merchant, 'https://pay.example.com/', manifest);
    expect(snippets.map((s) => s.kind)).toEqual(['script', 'pinned', 'react', 'wordpress', 'link']);
    const code = Object.fromEntries(snippets.map((s) => [s.kind, s.code]));
    expect(code.script).toBe(
      '<script src="https://pay.example.com/widget/invoice-pay.js" defer></script>\n' +
        `<invoice-pay merchant="${merchant.id}" invoice="INV-0042" amount="1,250.00" currency="NZD"></invoice-pay>`,
    );
    expect(code.pinned).toContain('src="https://pay.example.com/widget/invoice-pay.0.3.1-0123456789.js"');
    expect(code.pinned).toContain('integrity="sha384-abc+/def"');
    expect(code.pinned).toContain('crossorigin="anonymous"');
    expect(code.react).toContain(
      'npm install https://pay.example.com/widget/invoice-pay-0.3.1-9876543210.tgz',
    );
    expect(code.react).toContain(`merchant="${merchant.id}"`);
    expect(code.react).toContain('api="https://pay.example.com"');
    // The shortcode reads the invoice and amount from the page's link: none hard-coded.
    expect(code.wordpress).toBe(`[invoice_pay merchant="${merchant.id}" currency="NZD"]`);
    expect(snippets.find((s) => s.kind === 'wordpress')?.download).toBe(
      'https://pay.example.com/widget/invoice-pay-wordpress.zip',
    );
    expect(code.link).toBe(merchant.payment_url);
  });

  it('leaves out what needs the manifest when the server could not give it', () => {
    expect(embedSnippets(merchant, 'https://pay.example.com', null).map((s) => s.kind)).toEqual([
      'script',
      'wordpress',
      'link',
    ]);
  });

  it("names the merchant's currency, AUD by default", () => {
    expect(exampleCurrency('gb')).toBe('GBP');
    expect(exampleCurrency('AU')).toBe('AUD');
    expect(exampleCurrency('ZZ')).toBe('AUD');
  });
});
