/**
 * The console reaches the admin API one way only: react-admin's data provider
 * (admin/src/data/dataProvider.ts and the methods it spreads in), over the one HTTP client in
 * admin/src/data/http.ts. A screen that fetched on its own would bypass the provider's error
 * handling (the server's message, a sign-in that expired) and react-admin's notifications and cache.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataProvider } from '../../admin/src/data/dataProvider.ts';

const ROOT = new URL('../../admin/src/', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The code of a file without its comments (a comment may name an API path). */
function code(path: string): string {
  return readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
}

const files = sources(ROOT).map((path) => ({ name: path.slice(ROOT.length), text: code(path) }));

describe('console data access', () => {
  it('scans the console (the scan itself works)', () => {
    expect(files.length).toBeGreaterThan(80);
    expect(files.find((f) => f.name === 'data/http.ts')?.text).toContain('auth.fetch(');
  });

  it('calls the network only from the data layer', () => {
    const outside = files.filter((f) => !f.name.startsWith('data/'));
    const fetching = outside
      .filter((f) => /(?<![\w.])fetch\(|auth\.fetch|XMLHttpRequest|new EventSource/.test(f.text))
      .map((f) => f.name);
    expect(fetching).toEqual([]);
    // API paths are written in the data provider's methods, not in screens.
    const paths = outside.filter((f) => /['"`]\/api\//.test(f.text)).map((f) => f.name);
    expect(paths).toEqual([]);
  });

  it('keeps no second API client', () => {
    for (const legacy of ['api.ts', 'dataProvider.ts', 'shared/useApi.ts', 'shared/accountingApi.ts'])
      expect(existsSync(join(ROOT, legacy)), legacy).toBe(false);
    expect(files.filter((f) => /apiFetch|useApi\(/.test(f.text)).map((f) => f.name)).toEqual([]);
  });

  it("offers the console's custom actions as data-provider methods", () => {
    for (const method of [
      'refund',
      'syncPayment',
      'markRecorded',
      'testWebhook',
      'startStripeConnect',
      'disconnectStripe',
      'connectAccounting',
      'disconnectAccounting',
      'saveAccountingSettings',
      'retryOutboxJob',
      'dismissObservation',
      'writeOff',
      'markWriteOffRecorded',
      'addPaymentDomain',
      'setUpPayNow',
    ])
      expect(typeof (dataProvider as unknown as Record<string, unknown>)[method], method).toBe('function');
  });
});
