/**
 * The element's one stylesheet, adopted by its shadow root as a constructable stylesheet
 * (element/stylesheet.ts), so a host page's CSP needs no `style-src 'unsafe-inline'`. The loader
 * ships it, so the reserved box has its final look before the flow arrives.
 *
 * Isolation: `:host { all: initial }` cuts off what the page would pass on, and the panel resets
 * again (`all: initial`) because a page rule with !important (`* { font-family: … !important }`)
 * beats `:host` and would be inherited. Only the documented hooks reach inside: the custom
 * properties below (inherited into the shadow root) and `::part()`.
 *
 * Themes: `theme="light"` (default), `"dark"`, or `"auto"` (follows prefers-color-scheme). Every
 * colour pair meets WCAG AA (4.5:1 for text, 3:1 for borders and focus rings) in both palettes;
 * a page that sets its own colours through the properties owns their contrast — except the success
 * and error texts, which the flow fits to the page's background when the page does not set them
 * (`--_fit-success`, `--_fit-danger` on the panel, where the two colours are resolved:
 * flow/fit-colours.ts).
 *
 * Space: the panel fills the host's column and keeps at least `--invoice-pay-min-height` (the
 * height of the pay form, per width) from the first frame, so the page does not move when the
 * flow replaces the loading view (no layout shift); shorter views centre in it. Once the customer
 * has paid, or there is nothing to pay, the panel fits what it shows (`.fit`): no blank box below
 * a receipt.
 */
const LIGHT = `--_accent:var(--invoice-pay-accent,#0f5132);--_on-accent:var(--invoice-pay-on-accent,#fff);--_background:var(--invoice-pay-background,#fff);--_surface:var(--invoice-pay-surface,#f1f5f2);--_text:var(--invoice-pay-text,#111827);--_muted:var(--invoice-pay-muted,#4b5563);--_danger-default:#b42318;--_border:var(--invoice-pay-border,#6b7280);--_notice-bg:#fef9c3;--_notice-text:#713f12;--_notice-border:#a16207;--_success-default:#166534;--_chip-paid:#dcfce7;--_chip-refunded:#fee2e2;--_chip-other:#e5e7eb`;
const DARK = `--_accent:var(--invoice-pay-accent,#6fcf97);--_on-accent:var(--invoice-pay-on-accent,#0b1f15);--_background:var(--invoice-pay-background,#161b19);--_surface:var(--invoice-pay-surface,#222a26);--_text:var(--invoice-pay-text,#eef2ef);--_muted:var(--invoice-pay-muted,#b4beb8);--_danger-default:#ffaca4;--_border:var(--invoice-pay-border,#8a978f);--_notice-bg:#3b3413;--_notice-text:#fde68a;--_notice-border:#a98f2d;--_success-default:#86efac;--_chip-paid:#14532d;--_chip-refunded:#7f1d1d;--_chip-other:#374151`;

/** The host, the themes and the reserved box: the start of both sheets below. */
const BASE_CSS = `
:host{all:initial;display:block;width:100%;container-type:inline-size;${LIGHT};--_radius:var(--invoice-pay-radius,8px);--_font:var(--invoice-pay-font,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif);--_min-height:var(--invoice-pay-min-height,920px);color-scheme:light}
:host([theme=dark]){${DARK};color-scheme:dark}
@media (prefers-color-scheme:dark){:host([theme=auto]){${DARK};color-scheme:dark}}
:host([hidden]){display:none}
*,*::before,*::after{box-sizing:border-box}
.flow-root{display:contents}
.panel{all:initial;display:flex;flex-direction:column;box-sizing:border-box;width:100%;min-width:0;min-height:var(--_min-height);padding:20px;color:var(--_text);background:var(--_background);border:1px solid var(--_border);border-radius:var(--_radius);font:15px/1.5 var(--_font);-webkit-text-size-adjust:100%;--_danger:var(--invoice-pay-danger,var(--_fit-danger,var(--_danger-default)));--_success:var(--invoice-pay-success,var(--_fit-success,var(--_success-default)))}
.panel>*{flex:none}
.panel.fit{min-height:0}
h2,h3,p{margin:0}
`;

/**
 * What the loading view needs (the host, the themes, the reserved box and its status line): adopted
 * when an element is upgraded, so a merchant's page parses a few hundred bytes of CSS at load and
 * the whole sheet only when the flow loads (element/stylesheet.ts; bench host-page-tbt-below-fold).
 * Its last two rules are also in WIDGET_CSS, where they come later.
 */
export const LOADING_CSS = `${BASE_CSS}
.status-view{text-align:center;padding:24px 8px;margin:auto 0}
@container (max-width:400px){.panel{padding:14px;--_min-height:var(--invoice-pay-min-height,1020px)}}
`;

export const WIDGET_CSS = `${BASE_CSS}
h2{font-size:20px;line-height:1.3}
h3{font-size:16px}
a{color:var(--_accent)}
.muted{color:var(--_muted);font-size:14px}
.invoice-header{margin-bottom:16px}
.invoice-header p{margin-top:2px}
.split-row{display:flex;justify-content:space-between;gap:8px;flex-wrap:wrap}
.section{margin-top:16px}
label,.field-label{display:block;font-weight:600;font-size:14px;margin-bottom:4px}
input{font:inherit;color:var(--_text);width:100%;min-height:44px;padding:8px 12px;border:1px solid var(--_border);border-radius:calc(var(--_radius) - 2px);background:var(--_background);margin:0}
input[aria-invalid=true]{border-color:var(--_danger)}
button{font:inherit;cursor:pointer;min-height:44px;padding:8px 14px;border-radius:calc(var(--_radius) - 2px);border:1px solid var(--_accent);background:var(--_background);color:var(--_accent);font-weight:600;margin:0}
button:disabled{cursor:not-allowed;opacity:.6}
button.primary{background:var(--_accent);color:var(--_on-accent);width:100%;font-size:16px}
button.link-button{border:0;padding:4px 0;min-height:0;text-decoration:underline;background:none}
:focus-visible,input:focus{outline:3px solid var(--_accent);outline-offset:2px}
.quick-amounts{display:grid;grid-template-columns:repeat(4,1fr);gap:8px;margin-top:8px}
.quick-amounts button{padding:8px 4px}
.breakdown{margin-top:12px;padding:12px;background:var(--_surface);border-radius:var(--_radius)}
.breakdown div{display:flex;justify-content:space-between}
.breakdown .breakdown-total{font-weight:700;border-top:1px solid var(--_border);margin-top:6px;padding-top:6px}
.two-columns{display:grid;grid-template-columns:1fr 1fr;gap:8px;align-items:end}
.payment-details{margin-top:6px;padding:12px;border:1px solid var(--_border);border-radius:var(--_radius)}
.payment-details .field{margin-top:10px}
.payment-details .field:first-of-type{margin-top:0}
.field-error{color:var(--_danger);font-size:14px;margin-top:6px}
.field-error:empty{display:none}
.overdue{color:var(--_danger)}
.notice{padding:12px;border-radius:var(--_radius);background:var(--_notice-bg);color:var(--_notice-text);border:1px solid var(--_notice-border)}
.notice a{color:inherit}
.notice button{margin-top:8px}
.success-text{color:var(--_success)}
.test-mode-badge{display:inline-block;font-size:12px;font-weight:700;letter-spacing:.04em;text-transform:uppercase;padding:2px 8px;border-radius:999px;background:var(--_notice-bg);color:var(--_notice-text);border:1px solid var(--_notice-border)}
.test-cards summary{cursor:pointer;font-size:13px;color:var(--_muted);margin-top:8px}
.test-cards p{font-size:13px;color:var(--_muted);margin-top:4px}
.quote-line{font-weight:600}
.method-choice{border:0;padding:0;margin:0 0 12px;display:grid;grid-template-columns:1fr 1fr;gap:8px}
.method-choice legend{padding:0}
.method-choice label{display:flex;align-items:center;gap:8px;min-height:44px;padding:8px 12px;margin:0;border:1px solid var(--_border);border-radius:calc(var(--_radius) - 2px);cursor:pointer}
.method-choice label.chosen{border:2px solid var(--_accent)}
.method-choice input,.checkbox-field input{width:auto;min-height:0;margin:0}
.checkbox-field{display:flex;gap:8px;align-items:flex-start}
.checkbox-field label{font-weight:400;margin:0}
.mandate-text{font-size:13px;color:var(--_muted);margin-top:10px}
.status-view{text-align:center;padding:24px 8px;margin:auto 0}
.actions{display:flex;gap:8px;flex-wrap:wrap;margin-top:16px}
.actions button{flex:1 1 160px}
.invoice-details summary{cursor:pointer;font-weight:600}
.invoice-details table{width:100%;border-collapse:collapse;font-size:13px;margin-top:8px}
.invoice-details th,.invoice-details td{text-align:left;padding:4px 6px;border-bottom:1px solid var(--_border);vertical-align:top}
.invoice-details td{overflow-wrap:anywhere}
.invoice-details .money,.invoice-details th:last-child{text-align:right;white-space:nowrap}
.history table{width:100%;border-collapse:collapse;font-size:13px;margin-top:8px}
.history th,.history td{text-align:left;padding:4px 6px;border-bottom:1px solid var(--_border);white-space:nowrap}
.status-chip{display:inline-block;padding:1px 8px;border-radius:999px;font-size:12px;font-weight:600;background:var(--_chip-other);color:var(--_text)}
.status-chip.paid{background:var(--_chip-paid)}
.status-chip.refunded,.status-chip.partially_refunded{background:var(--_chip-refunded)}
.result-details{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:12px 0 0}
.result-details dt{color:var(--_muted)}
.result-details dd{margin:0;text-align:right;overflow-wrap:anywhere}
.result-details dd.money{white-space:nowrap;overflow-wrap:normal}
.approval>p{margin:12px 0 0}
.dialog{margin-top:12px;padding:12px;border:2px solid var(--_accent);border-radius:var(--_radius)}
.debug-panel{margin-top:16px;padding:10px;border:1px dashed var(--_border);font:12px/1.4 ui-monospace,monospace;overflow-wrap:anywhere}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.skeleton-bar{height:14px;margin-top:12px;border-radius:4px;background:var(--_surface)}
.skeleton-bar.wide{height:44px}
@container (max-width:400px){.panel{padding:14px;--_min-height:var(--invoice-pay-min-height,1020px)}.quick-amounts{grid-template-columns:repeat(2,1fr)}.history thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}.history tr{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));border-bottom:1px solid var(--_border);padding:4px 0}.history td{display:block;border:0;padding:2px 6px}.history td::before{content:attr(data-label);display:block;font-size:12px;color:var(--_muted)}}
`;
