/** The blog's reads from `/api/public/blogs`. */
import { ApiError, requestJson } from '../../../../client/http.ts';

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

export function fetchBlogList(signal?: AbortSignal): Promise<BlogSummary[]> {
  return requestJson<BlogSummary[]>('/api/public/blogs', { signal });
}

/** The post, or null when it does not exist (or is a draft). Other failures throw. */
export async function fetchBlogPost(slug: string, signal?: AbortSignal): Promise<BlogPost | null> {
  try {
    return await requestJson<BlogPost>(`/api/public/blogs/${encodeURIComponent(slug)}`, { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
