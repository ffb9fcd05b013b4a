/**
 * Reading JSON that was stored or received as text, where unreadable text has a sensible meaning
 * (a column written by an older version, an upstream's HTML error page): the parsed value, or the
 * caller's fallback. Shared by the server and the browsers (no Node or DOM imports).
 *
 * @example
 * parseJsonOr('["a","b"]', [])   // ['a', 'b']
 * parseJsonOr('<html>…', null)   // null
 * parseJsonOr('', 'empty')       // 'empty' (nothing to parse)
 */
export function parseJsonOr<F>(text: string | null | undefined, fallback: F): unknown {
  if (text === null || text === undefined || text === '') return fallback;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fallback;
  }
}
