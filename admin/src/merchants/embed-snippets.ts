/**
 * The copy-ready embed codes of one merchant (Merchant Details → Embed): the script tag, the pinned
 * build with Subresource Integrity — path and hash from the server's /widget/manifest.json, so it is
 * the build the server runs and never stale — a React component from the npm package the server
 * serves, the WordPress shortcode, and the Xero / QuickBooks payment link. Pure, so it is tested
 * without a browser.
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

export type SnippetKind = 'script' | 'pinned' | 'react' | 'wordpress' | 'link';

export interface Snippet {
  kind: SnippetKind;
  code: string;
  /** A file to download beside the code (the WordPress plugin's zip). */
  download?: string;
}

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
): Snippet[] {
  const base = baseUrl.replace(/\/+$/, '');
  const currency = exampleCurrency(merchant.country);
  const element = `<invoice-pay merchant="${merchant.id}" invoice="INV-0042" amount="1,250.00" currency="${currency}"></invoice-pay>`;
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
  if (manifest?.package)
    snippets.push({
      kind: 'react',
      code: [
        `// npm install ${base}${manifest.package.path}`,
        `import { InvoicePay } from 'invoice-pay';`,
        ``,
        `export function PayInvoice({ invoice, amountDue }: { invoice: string; amountDue: string }) {`,
        `  return (`,
        `    <InvoicePay`,
        `      api="${base}"`,
        `      merchant="${merchant.id}"`,
        `      invoice={invoice}`,
        `      amount={amountDue}`,
        `      currency="${currency}"`,
        `      onPayment={(event) => console.log('paid', event.detail.total, event.detail.transactionId)}`,
        `    />`,
        `  );`,
        `}`,
      ].join('\n'),
    });
  snippets.push(
    {
      kind: 'wordpress',
      // No invoice or amount: the shortcode reads them from the page's link (Xero's and QuickBooks').
      code: `[invoice_pay merchant="${merchant.id}" currency="${currency}"]`,
      ...(manifest?.wordpress ? { download: `${base}${manifest.wordpress.path}` } : {}),
    },
    { kind: 'link', code: merchant.payment_url },
  );
  return snippets;
}
