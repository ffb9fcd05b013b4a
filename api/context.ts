/**
 * What every request handler can reach: the injected dependencies and per-request values.
 */
import type { Config } from './config.ts';
import type { AppDatabase } from './db/database.ts';
import type { Logger } from './logger.ts';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Dependencies passed to `createApp`. Later domains add theirs here (payments, mailer, …). */
export interface AppDeps {
  config: Readonly<Config>;
  database: AppDatabase;
  logger: Logger;
  clock: Clock;
}

/** The signed-in user, set by the auth middleware from a verified bearer token. */
export interface AuthUser {
  id: string;
  email: string;
  role: 'user' | 'admin';
  emailVerified: boolean;
  isAdmin: boolean;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    deps: AppDeps;
    user: AuthUser | undefined;
  };
}
