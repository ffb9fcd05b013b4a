/** The blog's reads from `/api/public/blogs`. */

export interface BlogSummary {
  id: string;
  title: string;
  slug: string;
  summary: string | null;
  author: string | null;
  image_url: string | null;
  tags: string[];
  published_at: string | null;
}

export interface BlogPost extends BlogSummary {
  content: string;
}

export async function fetchBlogList(signal?: AbortSignal): Promise<BlogSummary[]> {
  const res = await fetch('/api/public/blogs', { signal, headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`blog list: HTTP ${res.status}`);
  return res.json() as Promise<BlogSummary[]>;
}

/** The post, or null when it does not exist (or is a draft). Other failures throw. */
export async function fetchBlogPost(slug: string, signal?: AbortSignal): Promise<BlogPost | null> {
  const res = await fetch(`/api/public/blogs/${encodeURIComponent(slug)}`, {
    signal,
    headers: { accept: 'application/json' },
  });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`blog post: HTTP ${res.status}`);
  return res.json() as Promise<BlogPost>;
}
