/**
 * Slugs for titles and comma-separated tag parsing.
 */

/**
 * URL slug: lower-case, drop non-word characters (keeping whitespace and
 * hyphens), turn whitespace runs into single hyphens, trim hyphens.
 *
 * @example
 * slugify('  Getting Paid: Faster! '); // 'getting-paid-faster'
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Split a comma-separated list into trimmed, non-empty tags.
 *
 * @example
 * parseTags(' xero, quickbooks ,, '); // ['xero', 'quickbooks']
 * parseTags(''); // []
 */
export function parseTags(input: string | null | undefined): string[] {
  if (typeof input !== 'string') return [];
  return input
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}
