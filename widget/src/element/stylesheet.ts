/**
 * Styles for a shadow root without `style-src 'unsafe-inline'`: constructable stylesheets
 * (`new CSSStyleSheet()` + `replaceSync`, which CSP does not govern), shared by every
 * `<invoice-pay>` on the page and adopted by each shadow root — the loading view's few rules
 * (LOADING_CSS) when an element is upgraded, the whole sheet once its flow loads, so a page that
 * has the element below the fold does not parse the whole sheet at load. Browsers without
 * constructable stylesheets (Safari before 16.4) get one `<style>` element with the whole sheet
 * instead, which a strict CSP would block there — the one case where a host page needs
 * 'unsafe-inline' (docs/embedding.md).
 */
import { LOADING_CSS, WIDGET_CSS } from './styles.ts';

const sheets = new Map<string, CSSStyleSheet | null>();

function constructable(css: string): CSSStyleSheet | null {
  let sheet = sheets.get(css);
  if (sheet !== undefined) return sheet;
  try {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
  } catch {
    sheet = null;
  }
  sheets.set(css, sheet);
  return sheet;
}

/** Adopt the loading view's rules (`whole` false) or the whole sheet, in place of what was adopted. */
export function adoptStyles(root: ShadowRoot, whole: boolean): void {
  const sheet = 'adoptedStyleSheets' in root ? constructable(whole ? WIDGET_CSS : LOADING_CSS) : null;
  if (sheet) {
    if (root.adoptedStyleSheets[0] !== sheet) root.adoptedStyleSheets = [sheet];
    return;
  }
  if (root.querySelector('style[data-invoice-pay]')) return;
  const style = document.createElement('style');
  style.dataset.invoicePay = '';
  style.textContent = WIDGET_CSS;
  root.prepend(style);
}
