import { describe, expect, it } from 'vitest';
import { parseJsonOr } from '../../../core/json.ts';

describe('parseJsonOr', () => {
  it('reads any JSON value, null and false included', () => {
    expect(parseJsonOr('{"event":"payment.succeeded"}', null)).toEqual({ event: 'payment.succeeded' });
    expect(parseJsonOr('["xero","cash flow"]', [])).toEqual(['xero', 'cash flow']);
    expect(parseJsonOr('null', 'fallback')).toBeNull();
    expect(parseJsonOr('false', true)).toBe(false);
    expect(parseJsonOr(' 42 ', 0)).toBe(42);
  });

  it('answers the fallback for text that is not JSON, and for no text', () => {
    expect(parseJsonOr('<html>Bad Gateway</html>', 'raw')).toBe('raw');
    expect(parseJsonOr('{"cut off', null)).toBeNull();
    expect(parseJsonOr('', [])).toEqual([]);
    expect(parseJsonOr(null, 'none')).toBe('none');
    expect(parseJsonOr(undefined, 'none')).toBe('none');
  });
});
