/**
 * Blog text shared by the server (meta tags in the page shell) and the site (tags set on
 * navigation), so both describe a post the same way.
 */

/**
 * A meta description: the summary, or the text of the content, cut at a word to ~160 characters.
 *
 * @example postDescription(null, '<h2>Hi</h2><p>there</p>') // 'Hi there'
 */
export function postDescription(summary: string | null, html: string): string {
  const source = summary?.trim() || html.replace(/<[^>]*>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ');
  const text = source.replace(/\s+/g, ' ').trim();
  if (text.length <= 160) return text;
  const cut = text.slice(0, 157);
  const space = cut.lastIndexOf(' ');
  return `${(space > 100 ? cut.slice(0, space) : cut).trimEnd()}...`;
}
