/**
 * The HTML documents the Stripe.js double puts in its iframes on https://js.stripe.com: the card
 * fields (number, expiry MM/YY, CVC; values go to the page only by postMessage) and the 3-D Secure
 * challenge (Complete / Fail).
 */
export const CARD_FRAME_HTML = `<!doctype html><html><head><meta charset="utf-8"><style>
body{margin:0;font:14px system-ui,sans-serif}div{display:flex;gap:4px}input{min-width:0;flex:1;padding:4px;font:inherit}
</style></head><body><div>
<input id="n" aria-label="Card number" placeholder="Card number" autocomplete="cc-number" inputmode="numeric">
<input id="e" aria-label="Expiration date MM / YY" placeholder="MM / YY" autocomplete="cc-exp">
<input id="c" aria-label="CVC" placeholder="CVC" autocomplete="cc-csc">
</div><script>
const cfg = JSON.parse(decodeURIComponent(location.hash.slice(1)));
const f = { n: document.getElementById('n'), e: document.getElementById('e'), c: document.getElementById('c') };
const send = () => {
  const value = { number: f.n.value.replace(/\\D/g, ''), exp: f.e.value.replace(/\\s/g, ''), cvc: f.c.value.trim() };
  parent.postMessage({ __stripeDouble: 'change', name: cfg.name, value, complete: value.number.length >= 12 && /^\\d\\d\\/\\d\\d$/.test(value.exp) && value.cvc.length >= 3, empty: !value.number }, '*');
};
for (const i of Object.values(f)) { i.disabled = cfg.disabled; i.addEventListener('input', send); }
addEventListener('message', (e) => {
  if (e.data && e.data.__stripeDouble === 'clear') { for (const i of Object.values(f)) i.value = ''; send(); }
  if (e.data && e.data.__stripeDouble === 'disable') for (const i of Object.values(f)) i.disabled = e.data.disabled;
});
</script></body></html>`;

export const THREE_DS_FRAME_HTML = `<!doctype html><html><head><meta charset="utf-8"><style>
body{margin:0;display:grid;place-items:center;height:100vh;font:16px system-ui,sans-serif}main{background:#fff;padding:24px;border-radius:8px}
</style></head><body><main role="dialog" aria-label="3D Secure test authentication"><h1>3D Secure 2 Test Page</h1>
<button id="ok">Complete authentication</button> <button id="no">Fail authentication</button></main><script>
const intent = location.hash.slice(1);
const done = (result) => parent.postMessage({ __stripeDouble: '3ds', intent, result }, '*');
document.getElementById('ok').onclick = () => done('complete');
document.getElementById('no').onclick = () => done('fail');
</script></body></html>`;
