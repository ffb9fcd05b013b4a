/**
 * react-admin's authProvider as a thin adapter over the shared browser auth client
 * (client/auth.ts: in-memory access token, refresh cookie, cross-tab sign-out, retries).
 * A signed-in user who is not an admin is sent to the site's /unauthorized page, without being
 * signed out (that page offers sign-out itself).
 */
import type { AuthProvider } from 'react-admin';
import { createAuthClient, SIGN_IN_FAILED, type AuthUser } from '../../client/auth.ts';
import { ACCOUNT_MESSAGES } from '../../core/messages.ts';

export const auth = createAuthClient();

let initialised: Promise<unknown> | null = null;
function ready() {
  initialised ??= auth.init();
  return initialised;
}

/** Set while leaving for /unauthorized: react-admin calls logout() on the way, which must not end the session. */
let leavingForUnauthorized = false;

function unauthorizedUrl() {
  return `${window.location.origin}/unauthorized`;
}

function notAdmin(): { redirectTo: string; message: false } {
  leavingForUnauthorized = true;
  return { redirectTo: unauthorizedUrl(), message: false };
}

function currentUser(): AuthUser | null {
  return auth.getState().user;
}

// Another tab signed out (BroadcastChannel): leave the console at once.
auth.subscribe((state, event) => {
  if (
    event === 'SIGNED_OUT' &&
    state.status === 'unauthenticated' &&
    !window.location.pathname.startsWith('/admin/login')
  ) {
    window.location.assign('/admin/login');
  }
});

export const authProvider: AuthProvider = {
  async login({ username, email, password }: { username?: string; email?: string; password?: string }) {
    let user: AuthUser;
    try {
      user = await auth.signIn(String(email ?? username ?? '').trim(), String(password ?? ''));
    } catch (err) {
      throw new Error((err as Error)?.message || SIGN_IN_FAILED);
    }
    initialised = Promise.resolve();
    if (!user.isAdmin) {
      window.location.assign(unauthorizedUrl());
      return { redirectTo: false };
    }
    return undefined;
  },

  async logout() {
    // react-admin's requireAuth logs out without a destination; a non-admin goes to /unauthorized, still signed in.
    if (leavingForUnauthorized) return unauthorizedUrl();
    if (auth.getState().status === 'authenticated') await auth.signOut().catch(() => undefined);
    return undefined;
  },

  async checkAuth() {
    await ready();
    const user = currentUser();
    if (!user) throw new Error(ACCOUNT_MESSAGES.loginRequired);
    if (!user.isAdmin) throw notAdmin();
  },

  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      // The client already refreshed once and retried; the session is gone.
      if (auth.getState().status !== 'authenticated') throw new Error(ACCOUNT_MESSAGES.loginRequired);
    }
    if (error?.status === 403) {
      const user = currentUser();
      if (!user || !user.isAdmin) throw notAdmin();
    }
  },

  async getIdentity() {
    await ready();
    const user = currentUser();
    if (!user) throw new Error(ACCOUNT_MESSAGES.loginRequired);
    return { id: user.id, fullName: user.email, email: user.email };
  },

  async getPermissions() {
    return currentUser()?.role ?? null;
  },
};
