/**
 * Serves the built front ends from STATIC_DIR (dist/): the site at /, the console at /admin/, the
 * widget at /widget/. Single-page fallbacks for client-side routes; hashed assets are cached for a
 * year, HTML never; precompressed .br/.gz siblings (written by the build) are sent when accepted.
 * Files read are kept in memory in a least-recently-used cache bounded by count and bytes; a path
 * that names no file is never remembered, so a flood of unique unknown paths costs no memory.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Context } from 'hono';
import { hasPayLinkParams } from '../../core/link-params.ts';
import type { AppEnv } from '../context.ts';
import { WeightedLru } from './lru.ts';
import { forProvider, renderPayPage } from './pay-page.ts';
import { shellStatus } from './spa-pages.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.d.ts': 'text/plain; charset=utf-8',
  '.tgz': 'application/gzip',
  '.zip': 'application/zip',
};

export interface CachedFile {
  body: Buffer;
  br?: Buffer;
  gz?: Buffer;
  type: string;
}

export interface StaticSite {
  /** Serve a request, or return null when nothing matches. */
  serve(c: Context<AppEnv>): Response | null;
  /** Whether a built bundle exists (the surfaces are built). */
  built: boolean;
}

/** What the file cache may hold: the built front ends are a few MB with their .br/.gz siblings. */
export const STATIC_CACHE_LIMITS = { maxEntries: 500, maxBytes: 32 * 1024 * 1024 };

const bytesOf = (f: CachedFile) => f.body.length + (f.br?.length ?? 0) + (f.gz?.length ?? 0);

/** A file's answer: its precompressed body when the client takes that encoding. */
export function respondWith(
  c: Context<AppEnv>,
  file: CachedFile,
  cacheControl: string,
  status = 200,
): Response {
  const headers: Record<string, string> = {
    'content-type': file.type,
    'cache-control': cacheControl,
    vary: 'accept-encoding',
  };
  const accept = c.req.header('accept-encoding') ?? '';
  let body = file.body;
  if (file.br && /\bbr\b/.test(accept)) {
    body = file.br;
    headers['content-encoding'] = 'br';
  } else if (file.gz && /\bgzip\b/.test(accept)) {
    body = file.gz;
    headers['content-encoding'] = 'gzip';
  }
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { status, headers });
}

/** The content type of a file name. */
export const contentTypeOf = (name: string) =>
  TYPES[name.endsWith('.d.ts') ? '.d.ts' : extname(name)] ?? 'application/octet-stream';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

export function createStatic(
  staticDir: string,
  limits: { maxEntries: number; maxBytes: number } = STATIC_CACHE_LIMITS,
  /** The payment provider (config.paymentsProvider): the pay page preloads its card form. */
  provider = 'sandbox',
): StaticSite & { cache: WeightedLru<CachedFile> } {
  const root = resolve(staticDir);
  const cache = new WeightedLru<CachedFile>({
    maxEntries: limits.maxEntries,
    maxWeight: limits.maxBytes,
    weigh: (f, key) => bytesOf(f) + key.length * 2,
  });

  const load = (file: string): CachedFile | null => {
    const hit = cache.get(file);
    if (hit) return hit;
    if (!existsSync(file) || !statSync(file).isFile()) return null; // misses are not remembered
    const entry: CachedFile = {
      body: readFileSync(file),
      br: existsSync(`${file}.br`) ? readFileSync(`${file}.br`) : undefined,
      gz: existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`) : undefined,
      type: contentTypeOf(file),
    };
    cache.set(file, entry);
    return entry;
  };

  const inside = (dir: string, rel: string): string | null => {
    const full = normalize(join(dir, rel));
    return full === dir || full.startsWith(dir + sep) ? full : null;
  };

  // Widget builds pinned by version + content hash (scripts/widget-release.ts), its hashed chunks,
  // and the npm package under its content-addressed name.
  const pinnedWidget =
    /[\\/]widget[\\/]invoice-pay(\.\d+\.\d+\.\d+\S*-[0-9a-f]{10}(\.esm)?\.js|-\w+-[\w-]{8,}\.js|-\d+\.\d+\.\d+\S*-[0-9a-f]{10}\.tgz)$/;
  const cacheFor = (path: string) =>
    /\/assets\/.+-[A-Za-z0-9_-]{8,}\.\w+$/.test(path) || pinnedWidget.test(path)
      ? IMMUTABLE
      : path.endsWith('.html')
        ? 'no-cache'
        : 'public, max-age=300';

  /** Serve a file under `dir`, or the SPA shell `fallback` (404 for a path that is no page of it). */
  const fromDir = (
    c: Context<AppEnv>,
    dir: string,
    rel: string,
    fallback: 'site' | 'console' | null,
  ): Response | null => {
    const full = inside(dir, rel || 'index.html');
    if (full) {
      const file = load(full);
      if (file) return respondWith(c, file, cacheFor(full));
    }
    if (!fallback || extname(rel) !== '') return null;
    const shell = load(join(dir, 'index.html'));
    return shell ? respondWith(c, shell, 'no-cache', shellStatus(fallback, `/${rel}`)) : null;
  };

  const siteDir = join(root, 'site');
  /** The built pay page's text for this provider, kept beside the cached file it was decoded from. */
  let payText: { body: Buffer; text: string } | null = null;
  const payPage = (c: Context<AppEnv>): Response | null => {
    const file = load(join(siteDir, 'pay.html'));
    if (!file) return null;
    if (payText?.body !== file.body)
      payText = { body: file.body, text: forProvider(file.body.toString('utf8'), provider) };
    const html = renderPayPage(payText.text, new URL(c.req.url)) ?? payText.text;
    return new Response(c.req.method === 'HEAD' ? null : html, {
      headers: { 'content-type': file.type, 'cache-control': 'no-cache' },
    });
  };
  const adminDir = join(root, 'admin');
  const widgetDir = join(root, 'widget');

  return {
    cache,
    built:
      existsSync(join(siteDir, 'index.html')) &&
      existsSync(join(adminDir, 'index.html')) &&
      existsSync(join(widgetDir, 'invoice-pay.js')),
    serve(c) {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return null;
      let path = c.req.path;
      try {
        path = decodeURIComponent(path);
      } catch {
        /* malformed escapes: match on the raw path (the pay page reports its own parse error) */
      }
      if (path.startsWith('/widget/')) return fromDir(c, widgetDir, path.slice('/widget/'.length), null);
      if (path === '/admin' || path.startsWith('/admin/'))
        return fromDir(c, adminDir, path.slice('/admin/'.length), 'console');
      // The hosted pay page is its own lean entry (the widget script and little else), with the
      // link's element already in it (./pay-page.ts).
      if (path === '/pay' || path.startsWith('/pay/')) return payPage(c);
      // A payment link pointed at `/` (DESIGN §4b): one pay page, the query kept.
      if (path === '/') {
        const url = new URL(c.req.url);
        if (hasPayLinkParams(url.searchParams)) return c.redirect(`/pay${url.search}`, 302);
      }
      return fromDir(c, siteDir, path.slice(1), 'site');
    },
  };
}
