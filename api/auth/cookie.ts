/**
 * The refresh-token cookie (DESIGN §4a): httpOnly, SameSite=Strict, Path=/api/auth, Secure when the
 * site is served over https. Scripts never see it; only /api/auth requests carry it.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../context.ts';

export const REFRESH_COOKIE = 'invoicepay_refresh';
const PATH = '/api/auth';

function secure(c: Context<AppEnv>): boolean {
  return c.get('deps').config.publicBaseUrl.startsWith('https://');
}

export function readRefreshCookie(c: Context<AppEnv>): string | undefined {
  const value = getCookie(c, REFRESH_COOKIE);
  return value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
}

export function setRefreshCookie(c: Context<AppEnv>, token: string, expiresAt: Date): void {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - c.get('deps').clock.now().getTime()) / 1000));
  setCookie(c, REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    path: PATH,
    secure: secure(c),
    maxAge,
  });
}

export function clearRefreshCookie(c: Context<AppEnv>): void {
  deleteCookie(c, REFRESH_COOKIE, { httpOnly: true, sameSite: 'Strict', path: PATH, secure: secure(c) });
}
