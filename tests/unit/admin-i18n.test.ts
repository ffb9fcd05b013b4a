/**
 * The console's English catalogue holds every text the console asks for: each `console.*` and
 * `resources.*` key written in admin/src exists (a typo would show staff a raw key).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../admin/src/i18n/en.ts';

const ROOT = new URL('../../admin/src/', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'i18n' ? [] : sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

function lookup(key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
}

const used = new Map<string, string>();
for (const file of sources(ROOT)) {
  for (const m of readFileSync(file, 'utf8').matchAll(/['"`]((?:console|resources)\.[a-z_.-]+[a-z_])['"`]/g))
    used.set(m[1], file.slice(ROOT.length));
}

describe('console i18n catalogue', () => {
  it('finds the keys the console uses (the scan itself works)', () => {
    expect(used.size).toBeGreaterThan(250);
    expect(used.get('console.merchants.add')).toBe('merchants/MerchantList.tsx');
  });

  it('has a text for every key the console uses', () => {
    const missing = [...used]
      .filter(([key]) => typeof lookup(key) !== 'string')
      .map(([k, f]) => `${k} (${f})`);
    expect(missing).toEqual([]);
  });

  it("keeps react-admin's own messages and the spec's texts", () => {
    expect(lookup('ra.action.cancel')).toBe('Cancel');
    expect(lookup('console.blog.created')).toBe('Blog post created successfully!');
    expect(lookup('console.payments.none')).toBe('No payments have been processed yet.');
    expect(lookup('console.stripe.not_connected')).toBe('Not connected to Stripe');
  });
});
