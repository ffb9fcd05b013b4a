/**
 * The hosted pay page (`/pay`, `/pay/{merchantId}`, `/pay/{shortcode}`): reads every link
 * parameter alias (core/link-params.ts, DESIGN §4a) and renders `<invoice-pay>` for them, loaded at
 * once (`loading="eager"`; pay.html preloads the widget's flow) — or adopts the one the server
 * already put in the page for a valid link (api/http/pay-page.ts), which the loader upgrades
 * without waiting for this module. The page is lean on purpose — this
 * module, the widget and a few lines of CSS; no React of its own. It starts the pay-session request
 * itself, so the network wait overlaps the widget's start-up, and shows the merchant at the top from
 * the same answer: its name, its logo (an https image) and brand colour (the widget's accent).
 * End Session goes to /payment-complete.
 */
import { CURRENCY_PARAMS, parsePayLink } from '../../../core/link-params.ts';
import type { RawAnswer } from '../../../client/http.ts';
import { linkQuery, prefetchSession } from '../../../client/session-request.ts';
import { showMerchant, showProductName } from './merchant-header.ts';

export const PARSE_ERROR = 'Error parsing URL parameters. Please check the URL and try again.';

type PayLink = ReturnType<typeof parsePayLink>;

function readLink(): { link: PayLink; params: URLSearchParams } {
  const params = new URLSearchParams(location.search);
  const rest = location.pathname.replace(/^\/pay\/?/, '');
  const segment = rest ? decodeURIComponent(rest.split('/')[0]) : null;
  return { link: parsePayLink(params, segment), params };
}

/** Ask for the pay session at once (the element picks the answer up by its URL). */
function prefetch(link: PayLink): Promise<RawAnswer> | null {
  if (!(link.currencyValid && link.invoiceNumber && (link.merchantId || link.shortcode))) return null;
  return prefetchSession(
    location.origin,
    linkQuery({
      merchant: link.merchantId ?? undefined,
      shortcode: link.shortcode ?? undefined,
      invoice: link.invoiceNumber,
      amount: link.amountRaw ?? undefined,
      currency: link.currency,
    }),
  ).answer;
}

function render(
  root: HTMLElement,
  { link, params }: ReturnType<typeof readLink>,
  answer: Promise<RawAnswer> | null,
): void {
  // The server put the link's element in the page already (api/http/pay-page.ts, from the same
  // parameters): it is adopted as it is, already loading. Otherwise (an invalid link) it is made here.
  const served = root.querySelector('invoice-pay');
  const el = served ?? document.createElement('invoice-pay');
  if (!served) {
    const set = (name: string, value: string | null) => value && el.setAttribute(name, value);
    set('merchant', link.merchantId);
    set('shortcode', link.shortcode);
    set('invoice', link.invoiceNumber);
    set('amount', link.amountRaw);
    // An unsupported currency goes through as written, so the element shows the invalid-link panel.
    const rawCurrency = CURRENCY_PARAMS.map((n) => params.get(n)?.trim()).find(Boolean) ?? null;
    set('currency', link.currencyValid ? link.currency : rawCurrency);
    if (params.has('debug')) el.setAttribute('debug', '');
    el.setAttribute('api', location.origin);
    el.setAttribute('loading', 'eager');
    el.setAttribute('theme', 'auto'); // the page follows the system's dark mode, and so does the card
  }
  void answer?.then(
    (a) => showMerchant(a, el),
    () => undefined,
  );

  el.addEventListener('invoice-pay:ready', (e) => {
    const { invoice } = (e as CustomEvent<{ invoice: string | null }>).detail;
    if (invoice) document.title = `Pay invoice ${invoice}`;
  });
  el.addEventListener('invoice-pay:end', (e) => {
    e.preventDefault();
    location.assign('/payment-complete');
  });
  if (!served) root.replaceChildren(el);
}

function start(): void {
  let read: ReturnType<typeof readLink> | null = null;
  let answer: Promise<RawAnswer> | null = null;
  try {
    read = readLink();
    answer = prefetch(read.link);
  } catch {
    /* shown below, once the page is parsed */
  }
  const mount = () => {
    const root = document.getElementById('pay');
    if (root) {
      try {
        if (!read) throw new Error('unparsable link');
        render(root, read, answer);
      } catch {
        const p = document.createElement('p');
        p.className = 'pay-fallback';
        p.setAttribute('role', 'alert');
        p.textContent = PARSE_ERROR;
        root.replaceChildren(p);
      }
    }
    showProductName();
  };
  // This module runs `async` (pay.html): as soon as it has arrived, so the session request starts
  // before the widget's flow is compiled. The element goes in once the page is parsed.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount, { once: true });
  else mount();
}

start();
