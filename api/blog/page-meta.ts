/**
 * Server-side meta for `/blog/{slug}`: the site's HTML shell with the post's title, description,
 * canonical URL and Open Graph / Twitter tags written in, because link-preview crawlers (LinkedIn,
 * X, Slack, Facebook) do not run JavaScript. The page itself still renders in the browser.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface PostMeta {
  title: string;
  description: string;
  url: string;
  image: string | null;
  publishedTime: string | null;
  siteName: string;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[ch]};`,
  );
}

/** The built site's HTML shell, or null when the site has not been built. */
export async function readSiteShell(staticDir: string): Promise<string | null> {
  try {
    return await readFile(join(staticDir, 'site', 'index.html'), 'utf8');
  } catch {
    return null;
  }
}

export function injectPostMeta(shell: string, meta: PostMeta): string {
  const tags: Array<[string, string, string | null]> = [
    ['name', 'description', meta.description],
    ['property', 'og:site_name', meta.siteName],
    ['property', 'og:type', 'article'],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:url', meta.url],
    ['property', 'og:image', meta.image],
    ['property', 'article:published_time', meta.publishedTime],
    ['name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', meta.description],
  ];
  const head = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    ...tags
      .filter(([, , content]) => content)
      .map(([attr, key, content]) => `<meta ${attr}="${key}" content="${escapeHtml(content!)}" />`),
  ].join('\n    ');
  return shell
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
    .replace(/<\/head>/i, `  ${head}\n  </head>`);
}
