/**
 * The browser auth client with a fake fetch, fake timers and an in-memory BroadcastChannel standing
 * in for other tabs: refresh on load and before expiry, back-off on 502/503/504, sign-out across
 * tabs that ignores 401/403/404, URL errors, and the spec's messages.
 */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AuthError,
  createAuthClient,
  readAuthErrorFromUrl,
  SIGN_IN_FAILED,
  type AuthClientOptions,
  type AuthEvent,
} from '../../client/auth.ts';

const user = {
  id: 'u1',
  email: 'ann@acme.example',
  role: 'admin',
  emailVerified: true,
  isAdmin: true,
  lastSignInAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const session = (n: number, expiresIn = 900) => ({
  accessToken: `token-${n}`,
  tokenType: 'Bearer',
  expiresIn,
  user,
});
const jsonResponse = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

type Handler = (path: string, init: RequestInit) => Response | Promise<Response>;

function fakeFetch(handler: Handler) {
  const calls: Array<{ path: string; init: RequestInit; at: number }> = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ path: String(input), init, at: Date.now() });
    return handler(String(input), init);
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

/** BroadcastChannel semantics: a message reaches every other member, asynchronously. */
function fakeBus() {
  const members = new Set<{ listeners: Array<(e: { data: unknown }) => void> }>();
  return () => {
    const me = { listeners: [] as Array<(e: { data: unknown }) => void> };
    members.add(me);
    return {
      postMessage(data: unknown) {
        for (const m of members) if (m !== me) queueMicrotask(() => m.listeners.forEach((l) => l({ data })));
      },
      addEventListener(_type: 'message', l: (e: { data: unknown }) => void) {
        me.listeners.push(l);
      },
      close() {
        members.delete(me);
      },
    };
  };
}

const clients: Array<ReturnType<typeof createAuthClient>> = [];
function client(options: AuthClientOptions) {
  const c = createAuthClient({ channel: null, locks: null, url: 'http://localhost/admin', ...options });
  clients.push(c);
  return c;
}

describe('auth client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T00:00:00.000Z'));
  });
  afterEach(() => {
    clients.splice(0).forEach((c) => c.destroy());
    vi.useRealTimers();
  });

  it('gets an access token from the refresh cookie on load, kept in memory', async () => {
    const f = fakeFetch(() => jsonResponse(200, session(1)));
    const auth = client({ fetch: f.fetch });
    const events: AuthEvent[] = [];
    auth.subscribe((_s, e) => events.push(e));
    expect(auth.getState().status).toBe('loading');
    const state = await auth.init();
    expect(state).toEqual({ status: 'authenticated', user, error: null });
    expect(events).toEqual(['INITIAL_SESSION']);
    expect(f.calls).toHaveLength(1);
    expect(f.calls[0].path).toBe('/api/auth/refresh');
    expect(f.calls[0].init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(await auth.getAccessToken()).toBe('token-1');
    expect(f.calls).toHaveLength(1);
  });

  it('is signed out on load when the cookie is missing or expired', async () => {
    const f = fakeFetch(() =>
      jsonResponse(401, {
        error: { code: 'unauthenticated', message: 'Your session has expired. Please sign in again.' },
      }),
    );
    const auth = client({ fetch: f.fetch });
    expect(await auth.init()).toEqual({ status: 'unauthenticated', user: null, error: null });
    expect(await auth.getAccessToken()).toBeNull();
  });

  it('refreshes shortly before the access token expires', async () => {
    let n = 0;
    const f = fakeFetch(() => jsonResponse(200, session(++n)));
    const auth = client({ fetch: f.fetch });
    await auth.init();
    const events: AuthEvent[] = [];
    auth.subscribe((_s, e) => events.push(e));
    await vi.advanceTimersByTimeAsync(839_000);
    expect(f.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(f.calls).toHaveLength(2);
    expect(events).toEqual(['TOKEN_REFRESHED']);
    expect(await auth.getAccessToken()).toBe('token-2');
    await vi.advanceTimersByTimeAsync(840_000);
    expect(f.calls).toHaveLength(3);
  });

  it('retries 502/503/504 with back-off from 200 ms, doubling', async () => {
    const statuses = [503, 502, 504];
    const f = fakeFetch(() =>
      statuses.length ? jsonResponse(statuses.shift()!) : jsonResponse(200, session(1)),
    );
    const auth = client({ fetch: f.fetch });
    const done = auth.init();
    await vi.advanceTimersByTimeAsync(0);
    expect(f.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(199);
    expect(f.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(399);
    expect(f.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(800);
    expect(f.calls).toHaveLength(4);
    expect((await done).status).toBe('authenticated');
    expect(f.calls.map((c) => c.at - f.calls[0].at)).toEqual([0, 200, 600, 1400]);
  });

  it('does not retry other failures, and gives up after the last retry', async () => {
    const f = fakeFetch(() => jsonResponse(500));
    const auth = client({ fetch: f.fetch });
    await auth.init();
    expect(f.calls).toHaveLength(1);

    const g = fakeFetch(() => jsonResponse(503));
    const flaky = client({ fetch: g.fetch, maxRetries: 2 });
    const done = flaky.init();
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await done).status).toBe('unauthenticated');
    expect(g.calls).toHaveLength(3);
  });

  it('signs in, shows the server message on failure, or the spec fallback', async () => {
    let mode: 'ok' | 'bad' | 'html' | 'down' = 'bad';
    const f = fakeFetch((path) => {
      if (path === '/api/auth/refresh') return jsonResponse(401);
      if (mode === 'down') throw new TypeError('Failed to fetch');
      if (mode === 'html') return new Response('<html>oops</html>', { status: 500 });
      if (mode === 'bad')
        return jsonResponse(401, {
          error: { code: 'unauthenticated', message: 'Invalid login credentials' },
        });
      return jsonResponse(200, session(7));
    });
    const auth = client({ fetch: f.fetch });
    await auth.init();
    await expect(auth.signIn('ann@acme.example', 'nope')).rejects.toMatchObject({
      message: 'Invalid login credentials',
      status: 401,
    });
    expect(auth.getState().error?.message).toBe('Invalid login credentials');
    mode = 'html';
    await expect(auth.signIn('ann@acme.example', 'nope')).rejects.toThrow(SIGN_IN_FAILED);
    mode = 'down';
    await expect(auth.signIn('ann@acme.example', 'nope')).rejects.toThrow(SIGN_IN_FAILED);
    mode = 'ok';
    expect(await auth.signIn('ann@acme.example', 'hunter22')).toEqual(user);
    expect(auth.getState()).toEqual({ status: 'authenticated', user, error: null });
    const login = f.calls.filter((c) => c.path === '/api/auth/login').at(-1)!;
    expect(JSON.parse(String(login.init.body))).toEqual({ email: 'ann@acme.example', password: 'hunter22' });
  });

  it('solves the sign-in check the server asks for after many failures, then signs in (issue 49 item 8)', async () => {
    const salt = 'abc?m=login%3Aann%40acme.example&expires=9999999999';
    const number = 42;
    const challenge = {
      algorithm: 'SHA-256',
      challenge: createHash('sha256').update(`${salt}${number}`).digest('hex'),
      salt,
      maxnumber: 100,
      signature: 'f'.repeat(64),
    };
    const f = fakeFetch((path, init) => {
      if (path === '/api/auth/refresh') return jsonResponse(401);
      const body = JSON.parse(String(init.body));
      if (!body.proofOfWork)
        return jsonResponse(428, { error: { code: 'challenge_required', message: 'check' }, challenge });
      return body.proofOfWork.number === number ? jsonResponse(200, session(7)) : jsonResponse(428, {});
    });
    const auth = client({ fetch: f.fetch });
    await auth.init();
    expect(await auth.signIn('ann@acme.example', 'hunter22')).toEqual(user);
    const logins = f.calls.filter((c) => c.path === '/api/auth/login');
    expect(logins).toHaveLength(2);
    expect(JSON.parse(String(logins[1].init.body)).proofOfWork).toMatchObject({ number, salt });
  });

  it("checks the spec's sign-up rules before calling the server", async () => {
    const f = fakeFetch(() =>
      jsonResponse(201, {
        message: 'Registration Successful. Please check your email to confirm your account.',
      }),
    );
    const auth = client({ fetch: f.fetch });
    await expect(auth.signUp('a@b.example', 'abcdef', 'abcdeg')).rejects.toThrow("Passwords don't match");
    await expect(auth.signUp('a@b.example', 'abc', 'abc')).rejects.toThrow(
      'Password must be at least 6 characters',
    );
    expect(f.calls).toHaveLength(0);
    expect(await auth.signUp('a@b.example', 'abcdef', 'abcdef')).toMatch(/Registration Successful/);
    const h = fakeFetch(() => new Response('nope', { status: 500 }));
    await expect(client({ fetch: h.fetch }).signUp('a@b.example', 'abcdef', 'abcdef')).rejects.toThrow(
      'An error occurred during sign up',
    );
  });

  it.each([401, 403, 404])('treats %i on sign-out as signed out', async (status) => {
    const f = fakeFetch((path) =>
      path === '/api/auth/logout' ? jsonResponse(status) : jsonResponse(200, session(1)),
    );
    const auth = client({ fetch: f.fetch });
    await auth.init();
    await expect(auth.signOut()).resolves.toBeUndefined();
    expect(auth.getState()).toEqual({ status: 'unauthenticated', user: null, error: null });
    expect(await auth.getAccessToken()).toBeNull();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(f.calls.filter((c) => c.path === '/api/auth/refresh')).toHaveLength(1);
  });

  it('reports other sign-out failures but still signs out locally', async () => {
    const f = fakeFetch((path) =>
      path === '/api/auth/logout'
        ? jsonResponse(500, { error: { code: 'internal', message: 'Internal error' } })
        : jsonResponse(200, session(1)),
    );
    const auth = client({ fetch: f.fetch });
    await auth.init();
    await expect(auth.signOut()).rejects.toBeInstanceOf(AuthError);
    expect(auth.getState().status).toBe('unauthenticated');
  });

  it('signs out every tab when one signs out, and signs other tabs in after a sign-in', async () => {
    const bus = fakeBus();
    let signedIn = true;
    const f = fakeFetch((path) => {
      if (path === '/api/auth/logout') {
        signedIn = false;
        return new Response(null, { status: 204 });
      }
      if (path === '/api/auth/login') signedIn = true;
      return signedIn ? jsonResponse(200, session(1)) : jsonResponse(401);
    });
    const tabA = client({ fetch: f.fetch, channel: bus() });
    const tabB = client({ fetch: f.fetch, channel: bus() });
    await tabA.init();
    await tabB.init();
    const eventsB: AuthEvent[] = [];
    tabB.subscribe((_s, e) => eventsB.push(e));

    await tabA.signOut();
    await vi.advanceTimersByTimeAsync(0);
    expect(tabB.getState().status).toBe('unauthenticated');
    expect(eventsB).toEqual(['SIGNED_OUT']);
    expect(await tabB.getAccessToken()).toBeNull();

    await tabA.signIn('ann@acme.example', 'hunter22');
    await vi.advanceTimersByTimeAsync(0);
    expect(tabB.getState().status).toBe('authenticated');
    expect(eventsB).toEqual(['SIGNED_OUT', 'SIGNED_IN']);
  });

  it('shares one refresh between concurrent callers, inside a cross-tab lock', async () => {
    let n = 0;
    const f = fakeFetch(async () => {
      await new Promise((r) => setTimeout(r, 50));
      return jsonResponse(200, session(++n, 10));
    });
    const held: string[] = [];
    const locks = { request: async <T>(name: string, cb: () => Promise<T>) => (held.push(name), cb()) };
    const auth = client({ fetch: f.fetch, locks });
    const init = auth.init();
    await vi.advanceTimersByTimeAsync(50);
    await init;
    vi.setSystemTime(Date.now() + 6_000); // within 5 s of expiry: the next caller refreshes
    const tokens = Promise.all([auth.getAccessToken(), auth.getAccessToken(), auth.getAccessToken()]);
    await vi.advanceTimersByTimeAsync(50);
    expect(await tokens).toEqual(['token-2', 'token-2', 'token-2']);
    expect(f.calls).toHaveLength(2);
    expect(held).toEqual(['invoicepay-auth:refresh', 'invoicepay-auth:refresh']);
  });

  it('sends the bearer token, and refreshes once on a 401', async () => {
    let n = 0;
    const f = fakeFetch((path, init) => {
      if (path === '/api/auth/refresh') return jsonResponse(200, session(++n));
      const auth = new Headers(init.headers).get('authorization');
      return auth === 'Bearer token-2' ? jsonResponse(200, { ok: true }) : jsonResponse(401);
    });
    const auth = client({ fetch: f.fetch });
    await auth.init();
    const res = await auth.fetch('/api/admin/merchants');
    expect(res.status).toBe(200);
    expect(f.calls.map((c) => c.path)).toEqual([
      '/api/auth/refresh',
      '/api/admin/merchants',
      '/api/auth/refresh',
      '/api/admin/merchants',
    ]);
  });

  it('treats error, error_description and error_code in the URL as an auth error', async () => {
    expect(readAuthErrorFromUrl('https://x.example/login')).toBeNull();
    expect(
      readAuthErrorFromUrl(
        'https://x.example/login?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      ),
    ).toMatchObject({
      message: 'Email link is invalid or has expired',
      code: 'otp_expired',
    });
    expect(readAuthErrorFromUrl('https://x.example/#error=server_error')).toMatchObject({
      message: 'server_error',
      code: 'server_error',
    });
    expect(readAuthErrorFromUrl('/login?error_code=bad_jwt')).toMatchObject({
      message: 'bad_jwt',
      code: 'bad_jwt',
    });

    const f = fakeFetch(() => jsonResponse(401));
    const auth = client({
      fetch: f.fetch,
      url: 'http://localhost/login#error=unauthorized_client&error_description=Link+expired',
    });
    const state = await auth.init();
    expect(state.status).toBe('unauthenticated');
    expect(state.error).toMatchObject({ message: 'Link expired', code: 'unauthorized_client' });
  });
});
