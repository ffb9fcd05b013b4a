/**
 * react-admin authProvider over the accounts API (/api/auth). The access token lives in memory;
 * the refresh token is an httpOnly cookie the browser sends to /api/auth/refresh.
 */
import type { AuthProvider } from 'react-admin';

let accessToken: string | null = null;

async function post(path: string, body?: unknown) {
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json().catch(() => null);
  return { ok: res.ok, status: res.status, data };
}

export function getAccessToken(): string | null {
  return accessToken;
}

async function refresh(): Promise<boolean> {
  const res = await post('/api/auth/refresh');
  accessToken = res.ok ? (res.data?.accessToken ?? null) : null;
  return Boolean(accessToken);
}

export const authProvider: AuthProvider = {
  async login({ username, email, password }) {
    const res = await post('/api/auth/login', { email: email ?? username, password });
    if (!res.ok) throw new Error(res.data?.error?.message ?? 'An error occurred during sign in');
    accessToken = res.data.accessToken;
  },
  async logout() {
    accessToken = null;
    await post('/api/auth/logout').catch(() => undefined);
  },
  async checkAuth() {
    if (accessToken || (await refresh())) return;
    throw new Error('You must be logged in to perform this action.');
  },
  async checkError(error) {
    const status = (error as { status?: number })?.status;
    if (status === 401) {
      accessToken = null;
      throw new Error('Session expired');
    }
  },
  async getIdentity() {
    const res = await fetch('/api/auth/me', { headers: { authorization: `Bearer ${accessToken}` } });
    const me = await res.json();
    return { id: me.id, fullName: me.email };
  },
  async getPermissions() {
    return null;
  },
};
