/**
 * The WordPress plugin (examples/wordpress/invoice-pay): `php -l`, and the [invoice_pay] shortcode
 * rendered by PHP with the WordPress functions it calls stubbed (examples/wordpress/test/render.php):
 * attributes escaped, link values used, the script enqueued once and only where needed, a pinned
 * build gets its integrity attribute, the settings page escapes saved values.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const PLUGIN = 'examples/wordpress/invoice-pay/invoice-pay.php';
const HARNESS = 'examples/wordpress/test/render.php';
const UNINSTALL = 'examples/wordpress/invoice-pay/uninstall.php';

const hasPhp = spawnSync('php', ['-v']).status === 0;

function render(input: Record<string, unknown>): string {
  return execFileSync('php', [HARNESS, JSON.stringify(input)], { encoding: 'utf8' });
}

const elements = (html: string) => html.match(/<invoice-pay[^>]*><\/invoice-pay>/g) ?? [];
const scripts = (html: string) => html.match(/<script[^>]*><\/script>/g) ?? [];
const ORIGIN = { invoice_pay_origin: 'https://pay.example.com/', invoice_pay_merchant: 'm-123' };

describe.skipIf(!hasPhp && !process.env.CI)('WordPress plugin', () => {
  it('passes php -l (plugin, its uninstall and the harness)', () => {
    for (const file of [PLUGIN, UNINSTALL, HARNESS]) {
      expect(execFileSync('php', ['-l', file], { encoding: 'utf8' })).toContain('No syntax errors detected');
    }
  });

  it('renders <invoice-pay> with escaped attributes and enqueues the script once, deferred, after the content', () => {
    const html = render({
      options: ORIGIN,
      content: `<p>Pay here</p>[invoice_pay invoice='"><script>alert(1)</script>' amount="1,250.00" currency="AUD"]\n[invoice_pay invoice="INV-2" amount="10"]`,
    });
    expect(html).not.toContain('<script>alert(1)');
    expect(elements(html)).toEqual([
      '<invoice-pay merchant="m-123" invoice="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" amount="1,250.00" currency="AUD"></invoice-pay>',
      '<invoice-pay merchant="m-123" invoice="INV-2" amount="10"></invoice-pay>',
    ]);
    expect(scripts(html)).toEqual([
      // Deferred by the plugin's tag filter, not the 'strategy' argument (WordPress 6.3+ only).
      '<script defer src="https://pay.example.com/widget/invoice-pay.js" id="invoice-pay-js"></script>',
    ]);
    expect(html.indexOf('<script')).toBeGreaterThan(html.indexOf('</main>'));
  });

  it("takes invoice, amount and currency from the page's link (Xero's Pay now) unless the shortcode sets them", () => {
    const query = { INVOICENUMBER: 'INV-0042"x', AMOUNTDUE: '1,250.00', CURRENCY: 'NZD', utm_source: 'xero' };
    expect(elements(render({ options: ORIGIN, query, content: '[invoice_pay]' }))).toEqual([
      '<invoice-pay merchant="m-123" invoice="INV-0042&quot;x" amount="1,250.00" currency="NZD"></invoice-pay>',
    ]);
    expect(
      elements(render({ options: ORIGIN, query, content: '[invoice_pay merchant="m-9" amount="5.00"]' })),
    ).toEqual([
      '<invoice-pay merchant="m-9" invoice="INV-0042&quot;x" amount="5.00" currency="NZD"></invoice-pay>',
    ]);
    // Lower-case link parameters too (invoiceno/amount/currency, as the test links and QuickBooks links use).
    expect(
      elements(
        render({
          options: ORIGIN,
          query: { invoiceno: '<b>INV-7</b>', amount: '99.50' },
          content: '[invoice_pay]',
        }),
      ),
    ).toEqual(['<invoice-pay merchant="m-123" invoice="INV-7" amount="99.50"></invoice-pay>']);
  });

  it('passes every documented attribute through, escaped; asks for WordPress 6.0 and no 6.3-only argument', () => {
    const html = render({
      options: ORIGIN,
      content:
        '[invoice_pay invoice="INV-9" theme="dark" lang="de" reference="PO-7&quot;" customer-email="a@b.test" return-url="https://shop.test/thanks" loading="eager" locale="de-DE" shortcode="AB12CD34" unknown="x"]',
    });
    expect(elements(html)).toEqual([
      '<invoice-pay merchant="m-123" shortcode="AB12CD34" invoice="INV-9" locale="de-DE" theme="dark" lang="de" reference="PO-7&amp;quot;" customer-email="a@b.test" return-url="https://shop.test/thanks" loading="eager"></invoice-pay>',
    ]);
    const plugin = readFileSync(PLUGIN, 'utf8');
    expect(plugin).toMatch(/^ \* Requires at least: 6\.0$/m);
    expect(plugin).not.toMatch(/'strategy'\s*=>/);
  });

  it('loads the script for the element written in a Custom HTML block too', () => {
    const html = render({
      options: ORIGIN,
      content:
        '<!-- wp:html --><invoice-pay merchant="m-123" invoice="INV-5"></invoice-pay><!-- /wp:html -->',
    });
    expect(scripts(html)).toEqual([
      '<script defer src="https://pay.example.com/widget/invoice-pay.js" id="invoice-pay-js"></script>',
    ]);
  });

  it('loads no script on pages without the shortcode', () => {
    expect(scripts(render({ options: ORIGIN, content: '<p>About us</p>' }))).toEqual([]);
  });

  it('without a merchant id: a hint for editors, nothing for visitors, no script', () => {
    const editor = render({
      options: { invoice_pay_origin: 'https://pay.example.com' },
      content: '[invoice_pay]',
      can_edit: true,
    });
    expect(editor).toContain('set a merchant id under Settings → InvoicePay');
    expect(scripts(editor)).toEqual([]);
    const visitor = render({ options: {}, content: '[invoice_pay]' });
    expect(visitor).not.toContain('InvoicePay:');
    expect(elements(visitor)).toEqual([]);
  });

  it('a pinned build gets its Subresource Integrity hash and crossorigin; without a path the integrity is ignored', () => {
    const pinned = render({
      options: {
        ...ORIGIN,
        invoice_pay_script_path: 'widget/invoice-pay.0.1.0-0123456789.js',
        invoice_pay_integrity: 'sha384-abc"def',
      },
      content: '[invoice_pay invoice="INV-1"]',
    });
    expect(scripts(pinned)).toEqual([
      '<script defer integrity="sha384-abc&quot;def" crossorigin="anonymous" src="https://pay.example.com/widget/invoice-pay.0.1.0-0123456789.js" id="invoice-pay-js"></script>',
    ]);
    const integrityOnly = render({
      options: { ...ORIGIN, invoice_pay_integrity: 'sha384-abc' },
      content: '[invoice_pay invoice="INV-1"]',
    });
    expect(scripts(integrityOnly)[0]).not.toContain('integrity');
  });

  it('the settings page escapes saved values', () => {
    const html = render({
      mode: 'admin',
      options: { invoice_pay_merchant: '"><img src=x onerror=alert(1)>' },
    });
    expect(html).toContain(
      'name="invoice_pay_merchant" value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"',
    );
    expect(html).not.toContain('<img');
    for (const option of [
      'invoice_pay_origin',
      'invoice_pay_merchant',
      'invoice_pay_script_path',
      'invoice_pay_integrity',
    ])
      expect(html).toContain(`name="${option}"`);
  });

  it('deleting the plugin removes every option it registers (uninstall.php)', () => {
    const registered = [...readFileSync(PLUGIN, 'utf8').matchAll(/'(invoice_pay_[a-z_]+)' => \['/g)].map(
      (m) => m[1],
    );
    expect(registered.length).toBe(4);
    const deleted = JSON.parse(
      execFileSync('php', ['examples/wordpress/test/uninstall.php'], { encoding: 'utf8' }),
    ) as string[];
    expect(deleted.sort()).toEqual(registered.sort());
  });

  it("has a readme.txt in WordPress's format whose stable tag is the plugin's version", () => {
    const readme = readFileSync('examples/wordpress/invoice-pay/readme.txt', 'utf8');
    expect(readme).toMatch(/^=== InvoicePay ===\n/);
    for (const section of ['== Description ==', '== Installation ==', '== Changelog =='])
      expect(readme).toContain(section);
    const version = /\* Version:\s+(\S+)/.exec(readFileSync(PLUGIN, 'utf8'))?.[1];
    expect(version).toBeTruthy();
    expect(/^Stable tag: (\S+)$/m.exec(readme)?.[1]).toBe(version);
    expect(/^Requires at least: (\S+)$/m.exec(readme)?.[1]).toBe(
      /\* Requires at least:\s+(\S+)/.exec(readFileSync(PLUGIN, 'utf8'))?.[1],
    );
  });
});
