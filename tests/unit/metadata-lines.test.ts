/**
 * Metadata typed in the console's pay-link form as `key=value` lines (core/metadata.ts): split at the
 * first `=`, trimmed, blank lines skipped; a line without a key is refused with its number, and
 * Stripe's limits apply as they do in the API.
 */
import { describe, expect, it } from 'vitest';
import { parseMetadataLines } from '../../core/metadata.ts';

describe('metadata lines', () => {
  it('reads key=value lines, the first = splitting, blank lines skipped', () => {
    expect(parseMetadataLines(' order_id = PO-881 \n\nurl=https://shop.example.com/?a=b\r\n')).toEqual({
      value: { order_id: 'PO-881', url: 'https://shop.example.com/?a=b' },
    });
    expect(parseMetadataLines('')).toEqual({ value: {} });
  });

  it('refuses a line without a key, and what the API refuses', () => {
    expect(parseMetadataLines('a=1\norder PO-881')).toEqual({ line: 2, message: 'Line 2: write key=value' });
    expect(parseMetadataLines('=value')).toMatchObject({ line: 1 });
    expect(parseMetadataLines(`${'k'.repeat(41)}=v`)).toMatchObject({ message: /keys are 1–40 characters/ });
    expect(parseMetadataLines(`k=${'v'.repeat(501)}`)).toMatchObject({ message: /at most 500 characters/ });
    const many = Array.from({ length: 51 }, (_, i) => `k${i}=v`).join('\n');
    expect(parseMetadataLines(many)).toMatchObject({ message: /at most 50 keys/ });
  });
});
