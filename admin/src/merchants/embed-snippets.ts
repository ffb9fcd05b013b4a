/**
 * The copy-ready embed codes of one merchant (Merchant Details → Embed): the script tag, the pinned
 * build with Subresource Integrity — path and hash from the server's /widget/manifest.json, so it is
 * the build the server runs and never stale —, a React component (JSX and TSX) and a Vue component
 * from the npm package the server serves, the WordPress shortcode and Custom HTML block, and the
 * Xero / QuickBooks payment link; each with the invoice's amount or without it (the customer types
 * it). Pure, so it is tested without a browser, and each code is pasted as-is into a fresh project
 * of its kind in tests/e2e/embed-snippets.test.ts.
 */
export interface WidgetManifest {
  version: string;
  script: { path: string; integrity: string };
  package?: { path: string };
  wordpress?: { path: string };
}

export interface EmbedMerchant {
  id: string;
  country: string;
  payment_url: string;
}

export type SnippetKind =
  'script' | 'pinned' | 'jsx' | 'tsx' | 'vue' | 'wordpress' | 'wordpress_block' | 'link';

export interface Snippet {
  kind: SnippetKind;
  code: string;
  /** A file to download beside the code (the WordPress plugin's zip). */
  download?: string;
}

export interface SnippetOptions {
  /**
   * true: the codes carry the invoice's amount (`1,250.00`, as the accounting tool writes it);
   * false: they leave it out, and the customer types what to pay (the WordPress shortcode reads it
   * from the page's link first).
   */
  fixedAmount: boolean;
}

/** The example invoice the codes name. */
export const EXAMPLE_INVOICE = 'INV-0042';
export const EXAMPLE_AMOUNT = '1,250.00';

/** The currency the examples name: the merchant's country's, else AUD (spec §9 default). */
const CURRENCY_OF: Record<string, string> = {
  AU: 'AUD',
  NZ: 'NZD',
  GB: 'GBP',
  US: 'USD',
  CA: 'CAD',
  IE: 'EUR',
  SG: 'SGD',
};
export const exampleCurrency = (country: string) => CURRENCY_OF[country.toUpperCase()] ?? 'AUD';

export function embedSnippets(
  merchant: EmbedMerchant,
  baseUrl: string,
  manifest: WidgetManifest | null,
  options: SnippetOptions = { fixedAmount: true },
): Snippet[] {
  const base = baseUrl.replace(/\/+$/, '');
  const currency = exampleCurrency(merchant.country);
  const fixed = options.fixedAmount;
  const amountAttr = fixed ? ` amount="${EXAMPLE_AMOUNT}"` : '';
  const element = `<invoice-pay merchant="${merchant.id}" invoice="${EXAMPLE_INVOICE}"${amountAttr} currency="${currency}"></invoice-pay>`;
  const install = manifest?.package ? `npm install ${base}${manifest.package.path}` : null;
  const snippets: Snippet[] = [
    { kind: 'script', code: `<script src="${base}/widget/invoice-pay.js" defer></script>\n${element}` },
  ];
  if (manifest)
    snippets.push({
      kind: 'pinned',
      code: [
        `<!-- invoice-pay ${manifest.version}, pinned: the browser refuses the script if one byte differs -->`,
        `<script src="${base}${manifest.script.path}"`,
        `        integrity="${manifest.script.integrity}"`,
        `        crossorigin="anonymous" defer></script>`,
        element,
      ].join('\n'),
    });
  if (install) {
    const react = (typed: boolean) => {
      const props = fixed
        ? typed
          ? '{ invoice, amountDue }: { invoice: string; amountDue: string }'
          : '{ invoice, amountDue }'
        : typed
          ? '{ invoice }: { invoice: string }'
          : '{ invoice }';
      return [
        `// ${install}`,
        `import { InvoicePay } from 'invoice-pay';`,
        ``,
        `export function PayInvoice(${props}) {`,
        `  return (`,
        `    <InvoicePay`,
        `      api="${base}"`,
        `      merchant="${merchant.id}"`,
        `      invoice={invoice}`,
        ...(fixed ? [`      amount={amountDue}`] : []),
        `      currency="${currency}"`,
        `      onPayment={(event) => console.log('paid', event.detail.total, event.detail.transactionId)}`,
        `    />`,
        `  );`,
        `}`,
      ].join('\n');
    };
    snippets.push(
      { kind: 'jsx', code: react(false) },
      { kind: 'tsx', code: react(true) },
      {
        kind: 'vue',
        code: [
          `<!-- ${install} -->`,
          `<script setup lang="ts">`,
          `// Defines <invoice-pay> (no React to install: its pay form is a lazy chunk of the package).`,
          `import 'invoice-pay/element';`,
          `import type { InvoicePayEventDetail } from 'invoice-pay/element';`,
          `// Types <invoice-pay> in this template for vue-tsc (attributes and events).`,
          `import type {} from 'invoice-pay/vue';`,
          ``,
          fixed
            ? `defineProps<{ invoice: string; amountDue: string }>();`
            : `defineProps<{ invoice: string }>();`,
          `const paid = (detail: InvoicePayEventDetail) => console.log('paid', detail.total, detail.transactionId);`,
          `</script>`,
          ``,
          `<template>`,
          `  <invoice-pay`,
          `    api="${base}"`,
          `    merchant="${merchant.id}"`,
          `    :invoice="invoice"`,
          ...(fixed ? [`    :amount="amountDue"`] : []),
          `    currency="${currency}"`,
          `    @invoice-pay:payment="paid($event.detail)"`,
          `  />`,
          `</template>`,
        ].join('\n'),
      },
    );
  }
  const download = manifest?.wordpress ? { download: `${base}${manifest.wordpress.path}` } : {};
  snippets.push(
    {
      kind: 'wordpress',
      // Without an amount the shortcode reads the invoice and amount from the page's link (Xero's
      // and QuickBooks' Pay now); with one, it is for a page about one invoice.
      code: fixed
        ? `[invoice_pay merchant="${merchant.id}" invoice="${EXAMPLE_INVOICE}" amount="${EXAMPLE_AMOUNT}" currency="${currency}"]`
        : `[invoice_pay merchant="${merchant.id}" currency="${currency}"]`,
      ...download,
    },
    // A Custom HTML block: the plugin (downloaded beside the shortcode) loads the script for any page holding the element.
    { kind: 'wordpress_block', code: element },
    { kind: 'link', code: merchant.payment_url },
  );
  return snippets;
}
