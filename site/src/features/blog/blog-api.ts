/** The blog's reads from `/api/public/blogs`. */
import type { Schemas } from '../../../../client/api-types.ts';
import { ApiError, requestJson } from '../../../../client/http.ts';

export type BlogSummary = Schemas['PublicBlogSummary'];
export type BlogPost = Schemas['PublicBlogPost'];

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
