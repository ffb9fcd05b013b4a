/**
 * Per-page document title, meta description and Open Graph / Twitter tags. The tags are created
 * once and updated in place, so navigating between pages never leaves stale values behind.
 */
import { useEffect } from 'react';

export interface DocumentMeta {
  title: string;
  description?: string;
  /** Open Graph type: 'website' (default) or 'article'. */
  type?: 'website' | 'article';
  image?: string | null;
  /** Absolute canonical URL; defaults to the current URL without query or hash. */
  url?: string;
  publishedTime?: string | null;
}

function setMeta(attr: 'name' | 'property', key: string, content: string | null | undefined) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!content) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

export function applyDocumentMeta(meta: DocumentMeta): void {
  const url = meta.url ?? `${location.origin}${location.pathname}`;
  document.title = meta.title;
  setMeta('name', 'description', meta.description);
  setMeta('property', 'og:title', meta.title);
  setMeta('property', 'og:description', meta.description);
  setMeta('property', 'og:type', meta.type ?? 'website');
  setMeta('property', 'og:url', url);
  setMeta('property', 'og:image', meta.image);
  setMeta('property', 'article:published_time', meta.type === 'article' ? meta.publishedTime : null);
  setMeta('name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary');
  setMeta('name', 'twitter:title', meta.title);
  setMeta('name', 'twitter:description', meta.description);
  let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!canonical) {
    canonical = document.createElement('link');
    canonical.rel = 'canonical';
    document.head.appendChild(canonical);
  }
  canonical.href = url;
}

export function useDocumentMeta(meta: DocumentMeta): void {
  const { title, description, type, image, url, publishedTime } = meta;
  useEffect(() => {
    applyDocumentMeta({ title, description, type, image, url, publishedTime });
  }, [title, description, type, image, url, publishedTime]);
}
