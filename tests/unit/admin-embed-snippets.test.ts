/**
 * The console's embed codes for a merchant (Merchant Details → Embed): the pinned code takes its
 * path and hash from the widget manifest it is given (never a stale copy), the React and Vue codes
 * install the package the server serves, every code names the merchant and the server's address, and
 * each comes with the invoice's amount or without it. (tests/e2e/embed-snippets.test.ts pastes each
 * into a fresh project and pays.)
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
  it('gives HTML, pinned HTML, JSX, TSX, Vue, the WordPress shortcode and block, and the link, with the amount', () => {
    const snippets = embedSnippets(merchant, 'https://pay.example.com/', manifest, { fixedAmount: true });
    expect(snippets.map((s) => s.kind)).toEqual([
      'script',
      'pinned',
      'jsx',
      'tsx',
      'vue',
      'wordpress',
      'wordpress_block',
      'link',
    ]);
    const code = Object.fromEntries(snippets.map((s) => [s.kind, s.code]));
    const element = `<invoice-pay merchant="${merchant.id}" invoice="INV-0042" amount="1,250.00" currency="NZD"></invoice-pay>`;
    expect(code.script).toBe(
      '<script src="https://pay.example.com/widget/invoice-pay.js" defer></script>\n' + element,
    );
    expect(code.pinned).toContain('src="https://pay.example.com/widget/invoice-pay.0.3.1-0123456789.js"');
    expect(code.pinned).toContain('integrity="sha384-abc+/def"');
    expect(code.pinned).toContain('crossorigin="anonymous"');
    for (const kind of ['jsx', 'tsx', 'vue']) {
      expect(code[kind], kind).toContain(
        'npm install https://pay.example.com/widget/invoice-pay-0.3.1-9876543210.tgz',
      );
      expect(code[kind], kind).toContain(`merchant="${merchant.id}"`);
      expect(code[kind], kind).toContain('api="https://pay.example.com"');
      expect(code[kind], kind).toMatch(/amount/);
    }
    // JSX has no type annotations; TSX has them.
    expect(code.jsx).toContain('export function PayInvoice({ invoice, amountDue }) {');
    expect(code.tsx).toContain('{ invoice, amountDue }: { invoice: string; amountDue: string }');
    expect(code.vue).toContain(':amount="amountDue"');
    // The template is type-checked by vue-tsc through the package's Vue types (issue 51 item 7).
    expect(code.vue).toContain("import type {} from 'invoice-pay/vue';");
    expect(code.wordpress).toBe(
      `[invoice_pay merchant="${merchant.id}" invoice="INV-0042" amount="1,250.00" currency="NZD"]`,
    );
    expect(code.wordpress_block).toBe(element);
    expect(snippets.find((s) => s.kind === 'wordpress')?.download).toBe(
      'https://pay.example.com/widget/invoice-pay-wordpress.zip',
    );
    expect(code.link).toBe(merchant.payment_url);
  });

  it('leaves the amount out of every code when asked: the customer types it (the shortcode reads the link)', () => {
    const code = Object.fromEntries(
      embedSnippets(merchant, 'https://pay.example.com', manifest, { fixedAmount: false }).map((s) => [
        s.kind,
        s.code,
      ]),
    );
    for (const kind of ['script', 'pinned', 'jsx', 'tsx', 'vue', 'wordpress', 'wordpress_block'])
      expect(code[kind], kind).not.toMatch(/amount|1,250/i);
    expect(code.tsx).toContain('{ invoice }: { invoice: string }');
    // No invoice either: the shortcode reads both from the page's link (Xero's and QuickBooks' Pay now).
    expect(code.wordpress).toBe(`[invoice_pay merchant="${merchant.id}" currency="NZD"]`);
  });

  it('leaves out what needs the manifest when the server could not give it', () => {
    expect(embedSnippets(merchant, 'https://pay.example.com', null).map((s) => s.kind)).toEqual([
      'script',
      'wordpress',
      'wordpress_block',
      'link',
    ]);
  });

  it("names the merchant's currency, AUD by default", () => {
    expect(exampleCurrency('gb')).toBe('GBP');
    expect(exampleCurrency('AU')).toBe('AUD');
    expect(exampleCurrency('ZZ')).toBe('AUD');
  });
});
