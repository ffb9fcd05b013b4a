/**
 * What every request handler can reach: the injected dependencies and per-request values.
 */
import type { AppCaches } from './app-caches.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { AppDatabase } from './db/database.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mail/mailer.ts';
import type { ResolveHost } from './net/resolve.ts';
import type { PasswordHashing } from './ports/password-hashing.ts';
import type { PaymentProvider } from './ports/payment-provider.ts';
import type { MemberRole } from '../core/roles.ts';

export { systemClock, type Clock } from './clock.ts';

/** Dependencies passed to `createApp`: built once by `api/main.ts`, and by each test with a fresh database. */
export interface AppDeps {
  config: Readonly<Config>;
  database: AppDatabase;
  logger: Logger;
  clock: Clock;
  /** The payment provider (stripe or sandbox), built by `createPaymentProvider` (api/payment-providers.ts). */
  payments: PaymentProvider;
  /** Account mail (verification, password reset): SMTP or captured in `emails` (api/mail). */
  mailer: Mailer;
  /** Password hashing; absent = scrypt at OWASP parameters. Tests pass a cheaper one for speed. */
  passwordHasher?: PasswordHashing;
  /** DNS for outbound URLs (SSRF guard, api/net); absent = the system resolver. Tests pass a table. */
  resolveHost?: ResolveHost;
  /** The app's rate-limit stores and its domains' caches, shared by its routes and workers (api/app-caches.ts). */
  caches: AppCaches;
}

/** The signed-in user, set by the auth middleware from a verified bearer token. */
export interface AuthUser {
  id: string;
  email: string;
  role: 'user' | 'admin';
  emailVerified: boolean;
  isAdmin: boolean;
}

/**
 * Who calls an integrator route (`/api/v1/*`, api/auth/guard.ts `requireIntegrator`): an API key
 * (scoped to one merchant or all, read or write) or a signed-in admin (all merchants, read-write).
 */
export interface Principal {
  kind: 'api_key' | 'admin';
  /** The API key's id, or the admin's user id. */
  id: string;
  /** What the audit log and lists show: the key's prefix (`ip_test_a1b2c3`) or the admin's email. */
  label: string;
  /** The one merchant it may see and change; null = every merchant. */
  merchantId: string | null;
  canWrite: boolean;
  /** The user it acts for: the member who made the API key (null: not recorded), or the admin. */
  userId: string | null;
}

/**
 * What the signed-in user may do in the console's API (`/api/admin/*`), set by its guard
 * (api/auth/guard.ts `requireConsole`): everything for an admin; for a member, the actions their
 * role in each merchant allows (api/auth/access.ts). Every console route declares the action it
 * needs (`'x-access'` on its route, api/http/router.ts): without one it is an admin's alone.
 */
export interface ConsoleAccess {
  admin: boolean;
  /** Merchant id → role, for a member (empty for an admin, who sees every merchant). */
  memberships: ReadonlyMap<string, MemberRole>;
  /** Throws 403 unless the user may call a route declaring `action` (on some merchant). */
  enforceRoute(action: string | undefined): void;
  /** The merchants whose objects `action` may see: null for every merchant (an admin). */
  scope(action: string): string[] | null;
  /** Passes, or 404 (`notFound`) for another merchant's object, or 403 for a role without `action`. */
  authorize(action: string, merchantId: string | null | undefined, notFound: string): void;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    deps: AppDeps;
    user: AuthUser | undefined;
    principal: Principal | undefined;
    access: ConsoleAccess | undefined;
  };
}
