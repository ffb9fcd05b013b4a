/**
 * The hosted pay page's HTML (`/pay`, `/pay/{merchantId}`, `/pay/{shortcode}`) with its
 * `<invoice-pay>` element already in it, made from the link's parameters exactly as the page's own
 * script would make it (site/src/pay/main.ts, the same core/link-params.ts). The widget's loader
 * then upgrades it as soon as the page is parsed and starts the flow and the pay session, without
 * waiting for the page's script and its chunk to arrive and run first — some 20–30 ms sooner to a
 * usable form on the pay-page benchmark (DESIGN §9). The page's script adopts the element (its
 * merchant header, title and end of session) instead of making another.
 *
 * Only a link the element can take is rendered (a merchant or shortcode, an invoice number, a
 * supported currency); anything else — a bad currency, a malformed path — is served as built, and
 * the page's script shows the invalid-link panel or the parse error as before. Attribute values are
 * escaped: an invoice number is whatever the link says.
 *
 * @example renderPayPage(builtHtml, new URL('https://pay.example/pay/abcd1234?invoice=INV-1&amount=10.00'))
 *   // … <main id="pay"><invoice-pay shortcode="abcd1234" invoice="INV-1" amount="10.00" currency="AUD" loading="eager" theme="auto"></invoice-pay> …
 */
import { parsePayLink } from '../../core/link-params.ts';

/** Where the built page keeps its loading line (site/pay.html), which the element replaces. */
const ELEMENT_SLOT = /<!-- pay:element -->[\s\S]*?<!-- \/pay:element -->/;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#39;',
  '<': '&lt;',
  '>': '&gt;',
};
const escapeAttribute = (value: string) => value.replace(/[&"'<>]/g, (ch) => ESCAPES[ch]!);

/** A provider's block of card-form preloads (scripts/widget-release.ts writes one per provider). */
const PROVIDER_BLOCK = /<!-- invoice-pay:provider (\w+) -->[\s\S]*?<!-- \/invoice-pay:provider -->/g;

/**
 * The built pay page preloading only this server's provider's card form (the sandbox's test form or
 * Stripe's Payment Element chunk), so the form needs no round trip after the flow's own.
 */
export function forProvider(html: string, provider: string): string {
  return html.replace(PROVIDER_BLOCK, (block, name: string) => (name === provider ? block : ''));
}

/** The built pay page with the link's element in it, or null to serve it as built. */
export function renderPayPage(html: string, url: URL): string | null {
  if (!ELEMENT_SLOT.test(html)) return null;
  // As the page's script reads it: the first path segment after /pay, then decoded.
  const rest = url.pathname.replace(/^\/pay\/?/, '');
  let segment: string | null = null;
  try {
    segment = rest ? decodeURIComponent(rest.split('/')[0]!) : null;
  } catch {
    return null; // the page's script reports the parse error
  }
  const link = parsePayLink(url.searchParams, segment);
  if (!(link.currencyValid && link.invoiceNumber && (link.merchantId || link.shortcode))) return null;
  const attributes: [string, string | null][] = [
    ['merchant', link.merchantId],
    ['shortcode', link.shortcode],
    ['invoice', link.invoiceNumber],
    ['amount', link.amountRaw],
    ['currency', link.currency],
  ];
  const rendered = attributes
    .filter((a): a is [string, string] => Boolean(a[1]))
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  const debug = url.searchParams.has('debug') ? ' debug' : '';
  return html.replace(
    ELEMENT_SLOT,
    () => `<invoice-pay${rendered}${debug} loading="eager" theme="auto"></invoice-pay>`,
  );
}
