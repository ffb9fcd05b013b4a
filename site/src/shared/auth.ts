/**
 * The site's one instance of the shared browser auth client (client/auth.ts), created on first use
 * so pages that never sign anyone in (landing, blog) open no BroadcastChannel and make no calls.
 * The access token stays in memory; the refresh cookie on /api/auth is what the console picks up
 * after a sign-in here (DESIGN §4a "sessions in the browser").
 */
import { createAuthClient, type AuthClient } from '../../../client/auth.ts';

let client: AuthClient | null = null;
let initialised: Promise<unknown> | null = null;

export function siteAuth(): AuthClient {
  client ??= createAuthClient();
  return client;
}

/** Restore the session from the refresh cookie once per page load (pages that need to know who is signed in). */
export function restoreSession(): Promise<unknown> {
  initialised ??= siteAuth().init();
  return initialised;
}

/**
 * Where a sign-in may send the browser next: only a path on this site (never `//host` or a URL),
 * else the console's dashboard.
 */
export function safeNextPath(next: string | null | undefined, fallback = '/admin/dashboard'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  try {
    const url = new URL(next, 'http://site.invalid');
    if (url.origin !== 'http://site.invalid') return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

const onceResults = new Map<string, Promise<unknown>>();

/**
 * Run a single-use action (an email link's token, a connect `state`: the first call consumes it)
 * once per key per page load, even when React runs an effect twice (StrictMode) or remounts.
 */
export function runOnce<T>(key: string, action: () => Promise<T>): Promise<T> {
  let result = onceResults.get(key) as Promise<T> | undefined;
  if (!result) {
    result = action();
    onceResults.set(key, result);
  }
  return result;
}
