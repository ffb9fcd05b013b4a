/**
 * The top of the hosted pay page: who the customer pays — the merchant's name and, when it has
 * them, its logo (an https URL, allowed by the page's CSP as an image only) and brand colour, which
 * also becomes the widget's accent — and the product's name in the footer (PRODUCT_NAME, from
 * /api/public/config, after the form is up). Built with DOM calls, never HTML from the answer.
 */
import { requestJson, type RawAnswer } from '../../../client/http.ts';
import { readableAccentOn, readableOn } from '../../../core/contrast.ts';

interface SessionMerchant {
  merchant?: { name?: string; logoUrl?: string | null; brandColor?: string | null };
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
/** The widget's panels (widget/src/element/styles.ts, LIGHT's and DARK's --_background). */
const LIGHT_PANEL = '#ffffff';
const DARK_PANEL = '#161b19';

export function showMerchant(answer: RawAnswer, widget: HTMLElement): void {
  if (answer.status !== 200) return;
  let merchant: SessionMerchant['merchant'];
  try {
    merchant = (JSON.parse(answer.text) as SessionMerchant).merchant;
  } catch {
    return;
  }
  const box = document.querySelector('#pay-merchant .pay-merchant-inner');
  if (!merchant?.name || !box) return;
  // The page's one h1: who the customer pays.
  const name = document.createElement('h1');
  name.className = 'pay-merchant-name';
  name.textContent = merchant.name;
  const parts: HTMLElement[] = [name];
  if (merchant.logoUrl?.startsWith('https://')) {
    const logo = document.createElement('img');
    logo.className = 'pay-merchant-logo';
    logo.src = merchant.logoUrl;
    logo.alt = `${merchant.name} logo`;
    logo.referrerPolicy = 'no-referrer';
    logo.addEventListener('error', () => logo.remove());
    parts.push(logo);
  }
  box.replaceChildren(...parts);
  document.body.classList.add('named');
  if (merchant.brandColor && HEX_COLOUR.test(merchant.brandColor)) {
    document.body.style.setProperty('--brand', merchant.brandColor);
    // The widget's accent in each theme (the page follows the system's, site/pay.html picks): the
    // brand colour, darkened or lightened only as far as it takes to read on that theme's panel;
    // the Pay button's text in whichever of black and white reads best on it.
    const light = readableAccentOn(merchant.brandColor, LIGHT_PANEL);
    const dark = readableAccentOn(merchant.brandColor, DARK_PANEL);
    widget.style.setProperty('--brand-accent', light);
    widget.style.setProperty('--brand-on-accent', readableOn(light));
    widget.style.setProperty('--brand-accent-dark', dark);
    widget.style.setProperty('--brand-on-accent-dark', readableOn(dark));
  }
}

export function showProductName(): void {
  const show = () =>
    requestJson<{ productName?: string }>('/api/public/config')
      .then((config) => {
        const slot = document.getElementById('pay-product');
        if (config?.productName && slot) slot.textContent = config.productName;
      })
      .catch(() => undefined);
  if (document.readyState === 'complete') void show();
  else addEventListener('load', () => void show(), { once: true });
}
