/**
 * `sitemap.xml` and `robots.txt` for search engines: the landing page, the blog list and every
 * published post, with absolute URLs on PUBLIC_BASE_URL (robots.txt must name the sitemap by an
 * absolute URL, which is why it is served here rather than as a static file).
 */
import type { Blog } from '../db/types.ts';

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (ch) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[ch]};`,
  );
}

function entry(loc: string, lastmod?: string | null): string {
  const mod = lastmod ? `<lastmod>${escapeXml(lastmod.slice(0, 10))}</lastmod>` : '';
  return `  <url><loc>${escapeXml(loc)}</loc>${mod}</url>`;
}

export function renderSitemap(baseUrl: string, posts: Blog[]): string {
  const newest = posts.reduce<string | null>(
    (max, p) => (max === null || p.updated_at > max ? p.updated_at : max),
    null,
  );
  const lines = [
    entry(`${baseUrl}/`),
    entry(`${baseUrl}/blog`, newest),
    ...posts.map((p) => entry(`${baseUrl}/blog/${encodeURIComponent(p.slug)}`, p.updated_at)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
}

/** Marketing pages and the blog are indexable; the console, the API and payment pages are not. */
export function renderRobots(baseUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /api/',
    'Disallow: /pay',
    'Disallow: /success',
    'Disallow: /cancel',
    'Disallow: /payment-complete',
    'Disallow: /receipt/',
    'Disallow: /connect/',
    'Allow: /',
    '',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
