/**
 * react-admin's authProvider as a thin adapter over the shared browser auth client
 * (client/auth.ts: in-memory access token, refresh cookie, cross-tab sign-out, retries).
 * Admins and merchant members sign in (issue 32): `canAccess` hides what a member's roles cannot do
 * (access.ts). A signed-in user who is neither is sent to the site's /unauthorized page, without
 * being signed out (that page offers sign-out, and starting a merchant).
 */
import type { AuthProvider } from 'react-admin';
import { SIGN_IN_FAILED, type AuthUser } from '../../client/auth.ts';
import { ACCOUNT_MESSAGES } from '../../core/messages.ts';
import { can, canAccessResource, isAdmin, loadAccess, myMemberships } from './access.ts';
import { auth } from './auth-client.ts';

let initialised: Promise<unknown> | null = null;
function ready() {
  initialised ??= auth.init().then(() => (auth.getState().user ? loadAccess() : undefined));
  return initialised;
}

/** An admin, or a member of at least one merchant: someone the console has something for. */
const mayUseConsole = () => isAdmin() || myMemberships().length > 0;

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
    initialised = loadAccess();
    await initialised;
    if (!user.isAdmin && !mayUseConsole()) {
      window.location.assign(unauthorizedUrl());
      return { redirectTo: false };
    }
    // A member starts on their merchants' dashboard, or their merchants without payments to read.
    return isAdmin() || can('payments.read') ? undefined : { redirectTo: '/merchants' };
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
    if (!mayUseConsole()) throw notAdmin();
  },

  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      // The client already refreshed once and retried; the session is gone.
      if (auth.getState().status !== 'authenticated') throw new Error(ACCOUNT_MESSAGES.loginRequired);
    }
    // A member's 403 is a refusal of one action (shown where it happened), not a reason to leave.
    if (error?.status === 403 && !mayUseConsole()) throw notAdmin();
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

  async canAccess({ resource, action }: { resource: string; action: string }) {
    await ready();
    return canAccessResource(resource, action);
  },
};
