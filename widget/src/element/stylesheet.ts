/**
 * Styles for a shadow root without `style-src 'unsafe-inline'`: one constructable stylesheet
 * (`new CSSStyleSheet()` + `replaceSync`, which CSP does not govern), shared by every
 * `<invoice-pay>` on the page and adopted by each shadow root. Browsers without constructable
 * stylesheets (Safari before 16.4) get a `<style>` element instead, which a strict CSP would block
 * there — the one case where a host page needs 'unsafe-inline' (docs/embedding.md).
 */
import { WIDGET_CSS } from './styles.ts';

let shared: CSSStyleSheet | null = null;

function constructable(): CSSStyleSheet | null {
  if (shared) return shared;
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(WIDGET_CSS);
    shared = sheet;
  } catch {
    shared = null;
  }
  return shared;
}

export function adoptStyles(root: ShadowRoot): void {
  const sheet = 'adoptedStyleSheets' in root ? constructable() : null;
  if (sheet) {
    if (!root.adoptedStyleSheets.includes(sheet))
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  const style = document.createElement('style');
  style.textContent = WIDGET_CSS;
  root.prepend(style);
}
