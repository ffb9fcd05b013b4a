import { describe, expect, it } from 'vitest';
import { ApiError, answerError, NETWORK_ERROR, readAnswer, requestJson } from '../../../client/http.ts';

type Init = RequestInit & { headers: Headers };

function answering(status: number, text: string, seen: Array<{ url: string; init: Init }> = []) {
  return async (url: string, init: RequestInit) => {
    seen.push({ url, init: init as Init });
    return new Response(text, { status });
  };
}

describe('readAnswer', () => {
  it('returns the JSON of a 2xx answer, null for an empty one', () => {
    expect(readAnswer({ status: 200, text: '{"a":1}' })).toEqual({ a: 1 });
    expect(readAnswer({ status: 204, text: '' })).toBeNull();
  });

  it("throws the server's code, message, field and whole answer", () => {
    const text = JSON.stringify({
      error: { code: 'invalid_amount', message: 'Too much', field: 'amount' },
      max: 5,
    });
    const err = (() => {
      try {
        readAnswer({ status: 400, text });
      } catch (e) {
        return e as ApiError;
      }
    })();
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: 'invalid_amount', message: 'Too much', field: 'amount' });
    expect(err?.body).toMatchObject({ max: 5 });
  });

  it('names an answer that is not JSON by its text, or its status when empty', () => {
    expect(answerError({ status: 502, text: '<html>Bad gateway</html>' })).toMatchObject({
      code: 'http_error',
      message: '<html>Bad gateway</html>',
      body: null,
    });
    expect(answerError({ status: 503, text: '' }).message).toBe('HTTP 503');
    expect(answerError({ status: 500, text: 'x' }, 'Try again', 'auth_error')).toMatchObject({
      code: 'auth_error',
      message: 'Try again',
    });
  });
});

describe('requestJson', () => {
  it('sends JSON with its content type and asks for JSON', async () => {
    const seen: Array<{ url: string; init: Init }> = [];
    const body = await requestJson('/api/x', {
      method: 'POST',
      json: { a: 1 },
      fetch: answering(201, '{"ok":true}', seen),
    });
    expect(body).toEqual({ ok: true });
    expect(seen[0]!.init.body).toBe('{"a":1}');
    expect(seen[0]!.init.headers.get('content-type')).toBe('application/json');
    expect(seen[0]!.init.headers.get('accept')).toBe('application/json');
  });

  it('sends no content type without a body (a simple request, no CORS preflight)', async () => {
    const seen: Array<{ url: string; init: Init }> = [];
    await requestJson('/api/x', { method: 'POST', fetch: answering(200, '{}', seen) });
    expect(seen[0]!.init.headers.has('content-type')).toBe(false);
    expect(seen[0]!.init.body).toBeUndefined();
  });

  it('turns an unreachable server into status 0, code network, with the cause kept', async () => {
    const cause = new TypeError('Failed to fetch');
    const err = await requestJson<never>('/api/x', {
      fetch: () => Promise.reject(cause),
    }).catch((e: unknown) => e as ApiError);
    expect(err).toMatchObject({ status: 0, code: 'network', message: NETWORK_ERROR, cause });
    const custom = await requestJson<never>('/api/x', {
      fetch: () => Promise.reject(cause),
      networkMessage: 'Could not reach the payment server.',
    }).catch((e: unknown) => e as ApiError);
    expect(custom.message).toBe('Could not reach the payment server.');
  });

  it('rethrows an abort as it is (the caller cancelled it)', async () => {
    const abort = new DOMException('aborted', 'AbortError');
    await expect(requestJson('/api/x', { fetch: () => Promise.reject(abort) })).rejects.toBe(abort);
  });
});
