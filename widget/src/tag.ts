/**
 * `invoice-pay.js`, the script tag a merchant's page includes (`<script src=… defer>`): a few hundred
 * bytes that add the loader (./loader.ts, content-hashed, with its Subresource Integrity hash built
 * in by scripts/build-widget.ts) as a script of its own. Why not the loader itself: a `defer` script
 * runs inside the task that ends the page's parsing, the one that already lays the page out, and
 * on a slow phone the loader's evaluation there made that task long (bench
 * host-page-tbt-below-fold). Added from here, the loader runs in a task of its own, whenever it
 * arrives. A page that pins this script with SRI pins the loader, and the loader pins the flow.
 *
 * The nonce is passed on, so a page whose Content-Security-Policy allows scripts by nonce allows
 * the loader too (the loader's `import()` of the flow inherits it in turn).
 */
const { file, integrity } = __LOADER_SCRIPT__;
const tag = document.currentScript as HTMLScriptElement | null;
const loader = document.createElement('script');
loader.src = new URL(file, tag?.src || `${location.origin}/widget/`).href;
loader.integrity = integrity;
loader.crossOrigin = 'anonymous';
if (tag?.nonce) loader.nonce = tag.nonce;
(tag?.parentNode ?? document.head).append(loader);
