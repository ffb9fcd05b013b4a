/** Blog display helpers. */

/** Long US date, e.g. 'November 22, 2026' (spec §2 "Blog post"). */
export function formatBlogDate(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(date);
}

/** Share links carrying the post title and the page URL. */
export function shareLinks(title: string, url: string): { twitter: string; linkedin: string } {
  const t = encodeURIComponent(title);
  const u = encodeURIComponent(url);
  return {
    twitter: `https://twitter.com/intent/tweet?text=${t}&url=${u}`,
    linkedin: `https://www.linkedin.com/shareArticle?mini=true&url=${u}&title=${t}`,
  };
}
