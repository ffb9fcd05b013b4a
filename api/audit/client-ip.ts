/**
 * The caller's IP address for rate limits and the audit log. Behind a reverse proxy (TRUST_PROXY=1)
 * it is the last X-Forwarded-For hop, the address our own proxy saw; earlier hops are client-supplied
 * and could be forged. Otherwise it is the socket's peer address (null under `app.request()` tests).
 */
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';

export function clientIp(c: Context<AppEnv>): string | null {
  if (c.get('deps').config.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const hops =
      forwarded
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean) ?? [];
    if (hops.length) return hops[hops.length - 1];
    const real = c.req.header('x-real-ip');
    if (real) return real.trim();
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? null;
}
