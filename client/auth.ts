/**
 * The browser auth client shared by the site and the admin console (DESIGN §4a "sessions in the
 * browser"). The access token lives only in memory; the refresh token is an httpOnly cookie the
 * server sets on /api/auth, so on load and before expiry we call POST /api/auth/refresh. Auth calls
 * retry 502/503/504 with back-off from 200 ms doubling; sign-out ignores 401/403/404 and signs out
 * every tab (BroadcastChannel); refreshes are serialised across tabs (Web Locks) because two tabs
 * presenting the same refresh cookie at once would look like token theft and revoke the session.
 * No React and no DOM rendering here: UIs subscribe to state changes.
 *
 * @example
 * const auth = createAuthClient();
 * auth.subscribe((state) => render(state));
 * await auth.init();                                   // { status: 'authenticated' | 'unauthenticated', user, error }
 * await auth.signIn('ann@acme.example', 'hunter22');
 * const res = await auth.fetch('/api/admin/merchants'); // adds Authorization: Bearer …
 */
import { solveChallenge, type Challenge } from '../core/proof-of-work.ts';
import { ACCOUNT_MESSAGES, FIELD_MESSAGES } from '../core/messages.ts';
import type { Schemas } from './api-types.ts';
import { ApiError, answerError, rawAnswer } from './http.ts';

/** The signed-in user as the server answers it (its `User` schema). */
export type AuthUser = Schemas['User'];

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';
export type AuthEvent = 'INITIAL_SESSION' | 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'AUTH_ERROR';

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  /** The last auth error to show (a failed sign-in, or `error` in the URL). */
  error: AuthError | null;
}

/** An ApiError (client/http.ts) of the auth calls: `code`, `status` (0: not reached), `field`. */
export class AuthError extends ApiError {
  constructor(
    message: string,
    code = 'auth_error',
    status = 0,
    field?: string,
    body?: Record<string, unknown>,
  ) {
    super(status, code, message, body ?? (field ? { error: { code, message, field } } : null));
    this.name = 'AuthError';
  }

  /** The same failure as an AuthError (its fallback code is auth_error). */
  static from(error: ApiError): AuthError {
    return new AuthError(error.message, error.code, error.status, error.field, error.body ?? undefined);
  }
}

export const SIGN_IN_FAILED = 'An error occurred during sign in';
/**
 * Said while a sign-in takes longer than SLOW_SIGN_IN_MS: the server's password check is slow on
 * purpose (scrypt at OWASP's cost, about a second on a small server and more when it is busy).
 */
export const SIGN_IN_SLOW =
  'Checking your password. This takes a moment on purpose, to protect your account.';
export const SLOW_SIGN_IN_MS = 1000;
export const SIGN_UP_FAILED = 'An error occurred during sign up';
export const PASSWORDS_DONT_MATCH = FIELD_MESSAGES.passwordsDontMatch;
export const PASSWORD_TOO_SHORT = FIELD_MESSAGES.passwordTooShort;

interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

interface LocksLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface AuthClientOptions {
  /** Prefix for API calls; '' (same origin) by default. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Cross-tab channel; defaults to a BroadcastChannel when the browser has one. null disables. */
  channel?: ChannelLike | null;
  /** Cross-tab lock manager; defaults to navigator.locks when present. null disables. */
  locks?: LocksLike | null;
  /** Refresh this many seconds before the access token expires. Default 60. */
  refreshMarginSeconds?: number;
  /** Retries after a 502/503/504 (delays 200, 400, 800, … ms). Default 4. */
  maxRetries?: number;
  /** The page URL, for `error`/`error_description`/`error_code` parameters. Default location.href. */
  url?: string;
}

const CHANNEL = 'invoicepay-auth';
const RETRYABLE = new Set([502, 503, 504]);
const IGNORED_ON_SIGN_OUT = new Set([401, 403, 404]);

/** An auth error carried in the URL query or fragment (e.g. a failed or expired email link). */
export function readAuthErrorFromUrl(href: string): AuthError | null {
  let url: URL;
  try {
    url = new URL(href, 'http://localhost');
  } catch {
    return null;
  }
  const params = new URLSearchParams(url.search);
  new URLSearchParams(url.hash.replace(/^#/, '')).forEach((v, k) => params.has(k) || params.set(k, v));
  const error = params.get('error');
  const description = params.get('error_description');
  const code = params.get('error_code');
  if (!error && !description && !code) return null;
  return new AuthError(description || error || code || SIGN_IN_FAILED, code || error || 'auth_error');
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createAuthClient(options: AuthClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const doFetch =
    options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const margin = options.refreshMarginSeconds ?? 60;
  const maxRetries = options.maxRetries ?? 4;
  const channel =
    options.channel !== undefined
      ? options.channel
      : typeof BroadcastChannel !== 'undefined'
        ? new BroadcastChannel(CHANNEL)
        : null;
  const locks =
    options.locks !== undefined
      ? options.locks
      : ((globalThis as { navigator?: { locks?: LocksLike } }).navigator?.locks ?? null);

  let state: AuthState = { status: 'loading', user: null, error: null };
  let accessToken: string | null = null;
  let expiresAt = 0;
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;
  let inflightRefresh: Promise<boolean> | null = null;
  const listeners = new Set<(state: AuthState, event: AuthEvent) => void>();

  function emit(next: Partial<AuthState>, event: AuthEvent) {
    state = { ...state, ...next };
    for (const listener of [...listeners]) listener(state, event);
  }

  /** The server's refusal (its code, message and field), else `fallback` with code auth_error. */
  async function errorFrom(res: Response, fallback: string): Promise<AuthError> {
    const answer = await rawAnswer(res).catch(() => ({ status: res.status, text: '' }));
    return AuthError.from(answerError(answer, fallback, 'auth_error'));
  }

  /** One auth API call, retrying 502/503/504 (and, when asked, network failures) with back-off. */
  async function call(path: string, init: RequestInit, retryNetwork = false): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      let res: Response | null = null;
      try {
        res = await doFetch(`${baseUrl}${path}`, {
          credentials: 'same-origin',
          ...init,
          headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
        });
      } catch (err) {
        if (!retryNetwork || attempt >= maxRetries) throw err;
      }
      if (res && (!RETRYABLE.has(res.status) || attempt >= maxRetries)) return res;
      await sleep(200 * 2 ** attempt);
    }
  }

  function schedule(expiresIn: number) {
    if (refreshTimer) clearTimeout(refreshTimer);
    const delay = Math.max(1, expiresIn - Math.min(margin, expiresIn / 2)) * 1000;
    refreshTimer = setTimeout(() => void refresh(), delay);
  }

  function acceptSession(body: { accessToken: string; expiresIn: number; user: AuthUser }, event: AuthEvent) {
    accessToken = body.accessToken;
    expiresAt = Date.now() + body.expiresIn * 1000;
    schedule(body.expiresIn);
    emit({ status: 'authenticated', user: body.user, error: null }, event);
  }

  function clearSession(event: AuthEvent, error: AuthError | null = state.error) {
    accessToken = null;
    expiresAt = 0;
    if (refreshTimer) clearTimeout(refreshTimer);
    refreshTimer = null;
    emit({ status: 'unauthenticated', user: null, error }, event);
  }

  async function refreshOnce(event: AuthEvent): Promise<boolean> {
    let res: Response;
    try {
      res = await call('/api/auth/refresh', { method: 'POST' }, true);
    } catch {
      res = new Response(null, { status: 503 });
    }
    if (res.ok) {
      acceptSession(await res.json(), event);
      return true;
    }
    if (RETRYABLE.has(res.status) && accessToken && Date.now() < expiresAt) {
      // The server is briefly unavailable but our token still works: try again shortly.
      schedule(Math.min(60, (expiresAt - Date.now()) / 1000));
      return true;
    }
    clearSession(event === 'INITIAL_SESSION' ? 'INITIAL_SESSION' : 'SIGNED_OUT');
    return false;
  }

  /** Exchange the refresh cookie for an access token. Concurrent callers share one request. */
  function refresh(event: AuthEvent = 'TOKEN_REFRESHED'): Promise<boolean> {
    inflightRefresh ??= (
      locks ? locks.request(`${CHANNEL}:refresh`, () => refreshOnce(event)) : refreshOnce(event)
    ).finally(() => {
      inflightRefresh = null;
    });
    return inflightRefresh;
  }

  async function getAccessToken(): Promise<string | null> {
    if (accessToken && Date.now() < expiresAt - 5000) return accessToken;
    if (state.status === 'unauthenticated') return null;
    await refresh();
    return accessToken;
  }

  channel?.addEventListener('message', (event) => {
    const type = (event.data as { type?: string } | null)?.type;
    if (type === 'SIGNED_OUT' && state.status !== 'unauthenticated') clearSession('SIGNED_OUT', null);
    if (type === 'SIGNED_IN' && state.status !== 'authenticated') void refresh('SIGNED_IN');
  });

  return {
    getState: (): AuthState => state,

    /** Listen to state changes; returns the unsubscribe function. */
    subscribe(listener: (state: AuthState, event: AuthEvent) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** On page load: pick up an error from the URL, then try the refresh cookie. */
    async init(): Promise<AuthState> {
      const url = options.url ?? (globalThis as { location?: { href: string } }).location?.href;
      const urlError = url ? readAuthErrorFromUrl(url) : null;
      if (urlError) state = { ...state, error: urlError };
      await refresh('INITIAL_SESSION');
      return state;
    },

    async signIn(email: string, password: string): Promise<AuthUser> {
      if (!email || !password)
        throw new AuthError('Email and password are required', 'validation_failed', 400);
      let res: Response;
      try {
        res = await call('/api/auth/login', { method: 'POST', body: JSON.stringify({ email, password }) });
        // After many failed sign-ins to the account the server asks for a short proof of work
        // (428 with a challenge) rather than refusing: solved here, then asked again.
        if (res.status === 428) {
          const challenge = ((await res.clone().json()) as { challenge?: Challenge }).challenge;
          const proofOfWork = challenge ? await solveChallenge(challenge) : null;
          if (proofOfWork)
            res = await call('/api/auth/login', {
              method: 'POST',
              body: JSON.stringify({ email, password, proofOfWork }),
            });
        }
      } catch {
        throw new AuthError(SIGN_IN_FAILED);
      }
      if (!res.ok) {
        const error = await errorFrom(res, SIGN_IN_FAILED);
        emit({ error }, 'AUTH_ERROR');
        throw error;
      }
      const body = await res.json();
      acceptSession(body, 'SIGNED_IN');
      channel?.postMessage({ type: 'SIGNED_IN' });
      return body.user;
    },

    /** Create an account; checks the spec's rules before calling the server. Resolves with its message. */
    async signUp(email: string, password: string, confirmPassword: string): Promise<string> {
      if (password !== confirmPassword)
        throw new AuthError(PASSWORDS_DONT_MATCH, 'validation_failed', 400, 'confirmPassword');
      if (password.length < 6) throw new AuthError(PASSWORD_TOO_SHORT, 'validation_failed', 400, 'password');
      return post('/api/auth/signup', { email, password, confirmPassword }, SIGN_UP_FAILED);
    },

    /** Sign out here and in every tab. The server's 401/403/404 (already signed out) are not errors. */
    async signOut(): Promise<void> {
      try {
        const res = await call('/api/auth/logout', { method: 'POST' }, true);
        if (!res.ok && !IGNORED_ON_SIGN_OUT.has(res.status)) {
          const error = await errorFrom(res, 'An error occurred during sign out');
          clearSession('SIGNED_OUT', error);
          channel?.postMessage({ type: 'SIGNED_OUT' });
          throw error;
        }
      } catch (err) {
        if (err instanceof AuthError) throw err;
      }
      clearSession('SIGNED_OUT', null);
      channel?.postMessage({ type: 'SIGNED_OUT' });
    },

    /** A valid access token (refreshing it first if it is about to expire), or null when signed out. */
    getAccessToken,

    /** fetch() with the bearer token; on a 401 it refreshes once and retries. */
    async fetch(input: string, init: RequestInit = {}): Promise<Response> {
      const withToken = (token: string | null) => {
        const headers = new Headers(init.headers);
        if (token) headers.set('authorization', `Bearer ${token}`);
        return doFetch(`${input.startsWith('/') ? baseUrl : ''}${input}`, { ...init, headers });
      };
      const res = await withToken(await getAccessToken());
      if (res.status !== 401 || state.status !== 'authenticated') return res;
      return (await refresh()) ? withToken(accessToken) : res;
    },

    verifyEmail: (token: string) => post('/api/auth/verify', { token }, ACCOUNT_MESSAGES.verifyLinkInvalid),
    resendVerification: (email: string) => post('/api/auth/resend-verification', { email }, SIGN_UP_FAILED),
    forgotPassword: (email: string) =>
      post('/api/auth/forgot-password', { email }, 'An error occurred. Please try again.'),
    async resetPassword(token: string, password: string, confirmPassword: string): Promise<string> {
      if (password !== confirmPassword)
        throw new AuthError(PASSWORDS_DONT_MATCH, 'validation_failed', 400, 'confirmPassword');
      if (password.length < 6) throw new AuthError(PASSWORD_TOO_SHORT, 'validation_failed', 400, 'password');
      return post(
        '/api/auth/reset-password',
        { token, password, confirmPassword },
        'An error occurred. Please try again.',
      );
    },

    /** Stop timers and the cross-tab channel (tests, or a page being torn down). */
    destroy() {
      if (refreshTimer) clearTimeout(refreshTimer);
      refreshTimer = null;
      listeners.clear();
      channel?.close();
    },
  };

  async function post(path: string, body: unknown, fallback: string): Promise<string> {
    let res: Response;
    try {
      res = await call(path, { method: 'POST', body: JSON.stringify(body) });
    } catch {
      throw new AuthError(fallback);
    }
    if (!res.ok) throw await errorFrom(res, fallback);
    const json = (await res.json().catch(() => ({}))) as { message?: string };
    return json.message ?? '';
  }
}

export type AuthClient = ReturnType<typeof createAuthClient>;
