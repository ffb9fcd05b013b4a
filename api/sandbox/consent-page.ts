/**
 * The sandbox's Connect consent page: a small server-rendered HTML form standing in for Stripe's
 * hosted onboarding and OAuth screens, clearly labelled as test mode. No script (our CSP allows
 * none inline); Approve / Cancel post back to `/api/sandbox/connect/consent`.
 */

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

const STYLE = `
body{font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f6f7f9;color:#1a1f36;margin:0}
.banner{background:#ffb020;color:#1a1f36;font-weight:700;text-align:center;padding:.5rem;letter-spacing:.04em}
main{max-width:32rem;margin:3rem auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:1.4rem;margin:0 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:1rem 0}
dt{color:#5c6370}dd{margin:0;font-family:ui-monospace,monospace;word-break:break-all}
.note{color:#5c6370;font-size:.9rem}
.actions{display:flex;gap:1rem;margin-top:1.5rem}
button{font:inherit;padding:.6rem 1.4rem;border-radius:8px;border:1px solid #c5cad3;background:#fff;cursor:pointer}
button.primary{background:#635bff;border-color:#635bff;color:#fff}
`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Test mode · ${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="banner" role="status">TEST MODE · Sandbox payment provider: no real account is created and no money moves</div>
<main>
${body}
</main>
</body>
</html>`;
}

function hidden(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('\n');
}

function decisionForm(fields: Record<string, string>, approveLabel: string): string {
  return `<form method="post" action="/api/sandbox/connect/consent">
${hidden(fields)}
<div class="actions">
<button class="primary" type="submit" name="decision" value="approve">${escapeHtml(approveLabel)}</button>
<button type="submit" name="decision" value="cancel">Cancel</button>
</div>
</form>`;
}

export function onboardingConsentPage(input: {
  productName: string;
  token: string;
  accountId: string;
  businessName: string | null;
}): string {
  const name = input.businessName || 'this business';
  return page(
    `Onboard ${name}`,
    `<h1>Onboard ${escapeHtml(name)} with ${escapeHtml(input.productName)}</h1>
<p>This stands in for Stripe's hosted onboarding. Approving completes onboarding of the test account, so it can take test card payments.</p>
<dl><dt>Account</dt><dd>${escapeHtml(input.accountId)}</dd><dt>Type</dt><dd>standard</dd></dl>
${decisionForm({ link: input.token }, 'Approve test onboarding')}
<p class="note">Cancel returns you without completing onboarding.</p>`,
  );
}

export function oauthConsentPage(input: { productName: string; state: string; redirectUri: string }): string {
  return page(
    `Connect to ${input.productName}`,
    `<h1>Connect a test account to ${escapeHtml(input.productName)}</h1>
<p>This stands in for Stripe's OAuth screen for existing Standard accounts. Approving connects a new, fully onboarded test account and returns an authorization code.</p>
<dl><dt>Scope</dt><dd>read_write</dd><dt>Returns to</dt><dd>${escapeHtml(input.redirectUri)}</dd></dl>
${decisionForm({ state: input.state, redirect_uri: input.redirectUri }, 'Approve test connection')}`,
  );
}

export function consentErrorPage(message: string): string {
  return page('Connect error', `<h1>Cannot continue</h1>\n<p>${escapeHtml(message)}</p>`);
}

/**
 * After a decision, the way back to an address on another origin than this page's (a console
 * opened at 127.0.0.1 while PUBLIC_BASE_URL says localhost): our CSP's `form-action 'self'` covers
 * the redirect after a form post, so a 303 there would be blocked and the page would sit still.
 * A link, followed at once by a meta refresh, is an ordinary navigation.
 */
export function continuePage(target: string, approved: boolean): string {
  const href = escapeHtml(target);
  return page(
    approved ? 'Approved' : 'Cancelled',
    `<meta http-equiv="refresh" content="0; url=${href}">
<h1>${approved ? 'Approved' : 'Cancelled'}</h1>
<p>Returning you to <a href="${href}">${href}</a>…</p>`,
  );
}
