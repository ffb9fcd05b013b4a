/**
 * Metadata: an integrator's own key-value data on pay links, payments and refunds (issue 33), with
 * Stripe's limits so the same data fits both — at most 50 keys, keys of 1–40 characters without
 * square brackets, string values of at most 500 characters. Stored as a JSON object (NULL when
 * empty). An update merges: a key set to "" (or null) is removed, as Stripe does.
 */
export const METADATA_MAX_KEYS = 50;
export const METADATA_MAX_KEY_LENGTH = 40;
export const METADATA_MAX_VALUE_LENGTH = 500;

export type Metadata = Record<string, string>;

/** Why this metadata is refused (the field named as `metadata.<key>`), or null. */
export function metadataProblem(
  value: Record<string, string | null>,
): { field: string; message: string } | null {
  const keys = Object.keys(value);
  if (keys.length > METADATA_MAX_KEYS)
    return { field: 'metadata', message: `metadata can have at most ${METADATA_MAX_KEYS} keys` };
  for (const key of keys) {
    if (key.length === 0 || key.length > METADATA_MAX_KEY_LENGTH || /[[\]]/.test(key))
      return {
        field: `metadata.${key}`,
        message: `metadata keys are 1–${METADATA_MAX_KEY_LENGTH} characters, without [ or ]`,
      };
    const v = value[key];
    if (v !== null && v.length > METADATA_MAX_VALUE_LENGTH)
      return {
        field: `metadata.${key}`,
        message: `metadata values are at most ${METADATA_MAX_VALUE_LENGTH} characters`,
      };
  }
  return null;
}

/** The stored form: the JSON of the object without its empty values, or null when nothing is left. */
export function storedMetadata(value: Record<string, string | null> | null | undefined): string | null {
  const kept = Object.entries(value ?? {}).filter(([, v]) => v !== null && v !== '');
  return kept.length ? JSON.stringify(Object.fromEntries(kept)) : null;
}

/** The object of a stored value (`{}` for none, or for a value that is not an object of strings). */
export function readMetadata(stored: string | null | undefined): Metadata {
  if (!stored) return {};
  try {
    const parsed: unknown = JSON.parse(stored);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).filter(
        (e): e is [string, string] => typeof e[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}

/** `current` with `update` merged in: "" or null removes a key. */
export function mergeMetadata(
  current: Metadata,
  update: Record<string, string | null>,
): Record<string, string | null> {
  return { ...current, ...update };
}

/**
 * Metadata typed as lines of `key=value` (the console's pay-link form): blank lines skipped, the
 * first `=` splits, both sides trimmed. A line without `=` is refused with its line number.
 */
export function parseMetadataLines(
  text: string,
): { value: Record<string, string> } | { line: number; message: string } {
  const value: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    const at = line.indexOf('=');
    if (at <= 0) return { line: i + 1, message: `Line ${i + 1}: write key=value` };
    value[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  const problem = metadataProblem(value);
  return problem ? { line: 0, message: problem.message } : { value };
}
