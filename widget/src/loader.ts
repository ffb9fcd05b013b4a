/**
 * The loader, `invoice-pay-loader-<hash>.js`, which `invoice-pay.js` — the script a merchant's page
 * includes (./tag.ts) — adds: defines `<invoice-pay>` (element/define.ts) and nothing else runs
 * until an element needs its pay flow. The flow is an ES module beside this script (content-hashed
 * names, filled in by the build: scripts/build-widget.ts), imported with `import()` and preloaded
 * with the Subresource Integrity hashes the build computed — so a page that pins this script (or
 * the tag's, which pins this one) with SRI pins the whole widget. The `api` attribute defaults to
 * the origin this script was loaded from.
 */
import { defineInvoicePay } from './element/define.ts';
import type { FlowModule } from './element/props.ts';

const current = document.currentScript as HTMLScriptElement | null;
// This script's own URL — not that of an app bundle it was bundled into (invoice-pay/standalone).
const script = current?.src && /\/invoice-pay[\w.-]*\.js(?:[?#]|$)/.test(current.src) ? current.src : null;
// A page whose Content-Security-Policy allows scripts by nonce gave this script one (./tag.ts passes
// it on): the preloads carry it too, and `import()` inherits it from this script.
const nonce = current?.nonce || '';
const origin = script ? new URL(script).origin : location.origin;
/**
 * Where the flow's files are: beside this script; or, when it has no URL of its own (bundled into
 * an app as `invoice-pay/standalone`), on the element's API server, which serves the same build.
 */
const baseFor = (api: string) => (script ? new URL('.', script).href : `${api}/widget/`);

function preload(url: string, integrity: string): void {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = url;
  link.integrity = integrity;
  link.crossOrigin = 'anonymous';
  if (nonce) link.nonce = nonce;
  document.head.append(link);
}

let preloaded = false;

function loadFlow(attempt: number, api: string): Promise<FlowModule> {
  const [entry] = __FLOW_FILES__;
  const base = baseFor(api);
  if (!preloaded) {
    preloaded = true;
    for (const f of __FLOW_FILES__) preload(base + f.file, f.integrity);
  }
  // A failed import is remembered by URL: a retry asks for the file under another one.
  const url = base + entry.file + (attempt ? `?retry=${attempt}` : '');
  return import(/* @vite-ignore */ url) as Promise<FlowModule>;
}

// Defined in a task after this script's own (its parsing and run), and each element's observer in
// a task after that; the session is asked for with the flow (element/define.ts): no one of them is
// a long task on a merchant's page, even on a slow phone (bench host-page-tbt-below-fold).
setTimeout(() => defineInvoicePay(loadFlow, origin === 'null' ? location.origin : origin), 0);
