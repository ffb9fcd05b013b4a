/**
 * Configuration: the environment parsed once with zod at start-up, validated, frozen and passed in.
 * A missing or malformed variable stops the process with one line naming it (see `ConfigError`).
 * The browser gets only `publicConfig()`: an explicit allowlist.
 */
import { z } from 'zod';
import { isTimeZone } from '../core/local-date.ts';
import { redactUrl } from './db/redact-url.ts';
import { productionProblem } from './config-production.ts';

/** Variables whose values are never repeated in an error. */
const SECRET_NAME = /SECRET|KEY|TOKEN|PASSWORD/;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : null));

const httpUrl = z
  .string()
  .trim()
  .refine((v) => /^https?:\/\/[^\s/]+/.test(v), 'must be an http(s) URL')
  .transform((v) => v.replace(/\/+$/, ''));

const optionalHttpUrl = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))
  .pipe(httpUrl.optional())
  .transform((v) => v ?? null);

const databaseUrl = z
  .string()
  .trim()
  .refine((v) => /^(sqlite:.+|postgres(ql)?:\/\/.+)$/.test(v), 'must be sqlite:PATH or a postgres:// URL');

const intIn = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `must be an integer between ${min} and ${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be an integer between ${min} and ${max}`);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: intIn(0, 65535).default(8787),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PUBLIC_BASE_URL: optionalHttpUrl,
  DATABASE_URL: databaseUrl.default('sqlite:data/app.db'),
  SANDBOX_DATABASE_URL: databaseUrl.default('sqlite:data/sandbox.db'),
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  // Sandbox only: how long a BECS Direct Debit stays processing before it succeeds or fails.
  SANDBOX_BECS_DELAY_SECONDS: intIn(0, 604_800).default(60),
  // Sandbox only: how long the PayTo test PayIDs that answer by themselves take (approve, decline, expire).
  SANDBOX_PAYTO_DELAY_SECONDS: intIn(0, 3600).default(5),
  STRIPE_SECRET_KEY: optionalString.refine((v) => v === null || /^(sk|rk)_(test|live)_/.test(v), {
    message: 'must start with sk_test_, sk_live_, rk_test_ or rk_live_',
  }),
  STRIPE_PUBLISHABLE_KEY: optionalString.refine((v) => v === null || /^pk_(test|live)_/.test(v), {
    message: 'must start with pk_test_ or pk_live_',
  }),
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_CONNECT_WEBHOOK_SECRET: optionalString,
  STRIPE_CONNECT_CLIENT_ID: optionalString,
  STRIPE_API_BASE: optionalHttpUrl,
  JWT_SECRET: optionalString.refine((v) => v === null || v.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  ADMIN_EMAIL_DOMAIN: optionalString.transform((v) => (v ? v.replace(/^@/, '').toLowerCase() : null)),
  SMTP_URL: optionalString.refine((v) => v === null || /^smtps?:\/\//.test(v), {
    message: 'must be an smtp:// or smtps:// URL',
  }),
  // How mail leaves: SMTP (SMTP_URL), kept in the `emails` table (capture), or only logged (log).
  MAIL_TRANSPORT: z.enum(['smtp', 'capture', 'log']).optional(),
  MAIL_FROM: z.string().trim().min(3).default('InvoicePay <no-reply@localhost>'),
  PLATFORM_FEE_BPS: intIn(0, 1000).default(125),
  PRODUCT_NAME: z.string().trim().min(1).max(60).default('InvoicePay'),
  XERO_CLIENT_ID: optionalString,
  XERO_CLIENT_SECRET: optionalString,
  XERO_API_BASE: httpUrl.default('https://api.xero.com'),
  XERO_IDENTITY_BASE: httpUrl.default('https://identity.xero.com'),
  XERO_LOGIN_BASE: httpUrl.default('https://login.xero.com'),
  XERO_SCOPES: optionalString.refine((v) => v === null || /^[\w.:\- ]+$/.test(v), {
    message: 'must be space-separated scope names',
  }),
  DEFAULT_TIME_ZONE: z
    .string()
    .trim()
    .default('Australia/Sydney')
    .refine(isTimeZone, 'must be an IANA time zone such as Australia/Sydney'),
  QUICKBOOKS_CLIENT_ID: optionalString,
  QUICKBOOKS_CLIENT_SECRET: optionalString,
  QUICKBOOKS_API_BASE: httpUrl.default('https://quickbooks.api.intuit.com'),
  QUICKBOOKS_IDENTITY_BASE: httpUrl.default('https://oauth.platform.intuit.com'),
  QUICKBOOKS_AUTHORIZE_URL: httpUrl.default('https://appcenter.intuit.com/connect/oauth2'),
  OUTBOUND_ALLOWLIST: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ENCRYPTION_KEY: optionalString.refine((v) => v === null || v.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  RATE_LIMITS: bool.default(true),
  PAY_LOOKUP_INVOICES_PER_IP: intIn(1, 1_000_000).default(60),
  API_KEY_REQUESTS_PER_MINUTE: intIn(1, 1_000_000).default(600),
  OUTBOX_WORKER: bool.default(true),
  OUTBOX_MAX_ATTEMPTS: intIn(1, 100).default(10),
  OUTBOX_TIMEOUT_MS: intIn(100, 120_000).default(10_000),
  OUTBOX_LEASE_SECONDS: intIn(1, 3600).default(120),
  OUTBOX_POLL_MS: intIn(10, 60_000).default(1000),
  OUTBOX_BATCH: intIn(1, 100).default(10),
  OUTBOX_BACKOFF_BASE_MS: intIn(10, 3_600_000).default(10_000),
  // How long a reservation waits for the customer's 3-D Secure step (DESIGN §3.4: 5 min, what a real
  // customer needs; at most 15).
  RESERVATION_TTL_MINUTES: intIn(1, 15).default(5),
  // How long a PayTo payment waits for the customer to approve the agreement in their banking app
  // (the amount is held meanwhile; then the attempt is cancelled and the hold released). 5 min.
  PAYTO_APPROVAL_MINUTES: intIn(1, 30).default(5),
  // Card-testing defence: provider declines per pay session / invoice / client address within the
  // window before further attempts are refused for DECLINE_BLOCK_MINUTES. At least 2 each: a first
  // decline never blocks the customer's next card.
  DECLINE_LIMIT_SESSION: intIn(2, 1000).default(5),
  DECLINE_LIMIT_INVOICE: intIn(2, 1000).default(10),
  DECLINE_LIMIT_ADDRESS: intIn(2, 1000).default(10),
  // Ceilings that rotating addresses and invoice numbers cannot get around: past one, quotes need a
  // proof-of-work challenge (api/payments/create/challenge.ts) until the block ends; nobody is locked out.
  DECLINE_CEILING_MERCHANT: intIn(2, 1_000_000).default(25),
  DECLINE_CEILING_PLATFORM: intIn(2, 1_000_000).default(300),
  // The challenge's work: the largest number tried (about half of it on average, ~0.3 s in a browser).
  CHALLENGE_MAX_NUMBER: intIn(1_000, 10_000_000).default(50_000),
  DECLINE_WINDOW_MINUTES: intIn(1, 1440).default(60),
  DECLINE_BLOCK_MINUTES: intIn(1, 1440).default(15),
  SEED_DEMO: bool.default(false),
  TRUST_PROXY: bool.default(false),
  // Signed-in users may start a merchant of their own (issue 32); off: only invitations make members.
  MERCHANT_SIGNUP: bool.default(true),
  // Open connections per client address (per process); 0: no cap. Unset: 256, or none behind a
  // proxy (TRUST_PROXY), whose own address every connection has. api/http/connections.ts.
  MAX_CONNECTIONS_PER_ADDRESS: intIn(0, 1_000_000).optional(),
  // Time a connection has to send its complete request headers (node's default: 60 s).
  HEADERS_TIMEOUT_MS: intIn(1_000, 120_000).default(10_000),
  WORKERS: intIn(1, 64).default(1),
  // PostgreSQL's pool: connections per process, the wait for a new one, the longest statement.
  DB_POOL_SIZE: intIn(1, 1000).default(10),
  DB_CONNECT_TIMEOUT_MS: intIn(100, 120_000).default(5_000),
  DB_STATEMENT_TIMEOUT_MS: intIn(0, 3_600_000).default(30_000),
  // The payment provider's calls: one attempt's time-out, retries, and the breaker that pauses
  // payments after repeated failures (api/payments/providers/breaker.ts).
  PROVIDER_TIMEOUT_MS: intIn(1_000, 120_000).default(10_000),
  PROVIDER_RETRIES: intIn(0, 5).default(1),
  PROVIDER_BREAKER_FAILURES: intIn(1, 1000).default(5),
  PROVIDER_BREAKER_SECONDS: intIn(1, 3600).default(30),
  // Prometheus metrics (GET /metrics): behind a bearer token on the main port, and/or on a port of
  // their own. Neither set: not served.
  METRICS_TOKEN: optionalString.refine((v) => v === null || v.length >= 16, {
    message: 'must be at least 16 characters',
  }),
  METRICS_PORT: intIn(1, 65535).optional(),
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  // Retention (api/retention.ts): days kept after use or expiry, and how often the purge runs.
  RETENTION_TOKEN_DAYS: intIn(1, 3650).default(30),
  RETENTION_IDEMPOTENCY_DAYS: intIn(1, 3650).default(30),
  RETENTION_EMAIL_DAYS: intIn(1, 3650).default(90),
  RETENTION_INTERVAL_MINUTES: intIn(1, 10_080).default(60),
  // Widget releases (api/widget-releases): days a release no longer current stays served; 0 keeps all.
  WIDGET_RELEASES_KEEP_DAYS: intIn(0, 36_500).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STATIC_DIR: z.string().trim().min(1).default('dist'),
});

export type PaymentsMode = 'sandbox' | 'stripe';

/**
 * Xero's granular scopes (apps created since 2 March 2026 may ask for nothing else): invoices and
 * credit notes, payments, bank transactions (the surcharge received and refunded), organisation
 * settings (time zone, branding themes), contacts. XERO_SCOPES replaces the list, e.g. for an older
 * app that still uses `accounting.transactions`, or to add `paymentservices`.
 */
export const DEFAULT_XERO_SCOPES =
  'offline_access accounting.invoices accounting.payments accounting.banktransactions accounting.settings.read accounting.contacts.read';

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** The origin customers and admins reach us on; links and emails are built from it. */
  publicBaseUrl: string;
  databaseUrl: string;
  sandboxDatabaseUrl: string;
  /** Sandbox only: seconds a bank debit processes before the bank's word (SANDBOX_BECS_DELAY_SECONDS). */
  sandboxBecsDelaySeconds: number;
  /** Sandbox only: seconds the PayTo test PayIDs that answer by themselves take (SANDBOX_PAYTO_DELAY_SECONDS). */
  sandboxPaytoDelaySeconds: number;
  paymentsProvider: PaymentsMode;
  stripe: {
    secretKey: string | null;
    publishableKey: string | null;
    webhookSecret: string | null;
    connectWebhookSecret: string | null;
    connectClientId: string | null;
    apiBase: string | null;
  };
  jwtSecret: string | null;
  encryptionKey: string | null;
  adminEmailDomain: string | null;
  smtpUrl: string | null;
  /** How mail leaves (MAIL_TRANSPORT; SMTP_URL implies smtp, else capture). */
  mailTransport: 'smtp' | 'capture' | 'log';
  mailFrom: string;
  platformFeeBps: number;
  productName: string;
  /** IANA time zone new merchants get (DEFAULT_TIME_ZONE). */
  defaultTimeZone: string;
  xero: {
    clientId: string | null;
    clientSecret: string | null;
    apiBase: string;
    identityBase: string;
    loginBase: string;
    /** The scopes the Xero connection asks for (XERO_SCOPES, else the granular default of DESIGN §7). */
    scopes: string;
  };
  quickbooks: {
    clientId: string | null;
    clientSecret: string | null;
    apiBase: string;
    identityBase: string;
    /** Intuit's consent page (the OAuth authorize URL). */
    authorizeUrl: string;
  };
  outboundAllowlist: string[];
  /** Accounting-sync deliveries (api/outbox): attempts, timeouts, lease, polling, backoff. */
  outbox: {
    workerEnabled: boolean;
    maxAttempts: number;
    timeoutMs: number;
    leaseSeconds: number;
    pollMs: number;
    batchSize: number;
    backoffBaseMs: number;
  };
  rateLimits: boolean;
  /** Card-testing limits on provider declines (enforced when `rateLimits` is on; always counted). */
  declineLimits: {
    session: number;
    invoice: number;
    address: number;
    /** Ceilings: past one, a quote needs a proof-of-work challenge (not a lockout). */
    merchant: number;
    platform: number;
    windowMinutes: number;
    blockMinutes: number;
    challengeMaxNumber: number;
  };
  /** Distinct invoices one client address may look up on pay pages in 10 minutes (with rate limits on). */
  payLookupInvoicesPerIp: number;
  /** Requests one API key may make per minute (with rate limits on), in every process together. */
  apiKeyRequestsPerMinute: number;
  reservationTtlMinutes: number;
  /** How long a PayTo payment waits for the customer's approval, holding its amount (PAYTO_APPROVAL_MINUTES). */
  paytoApprovalMinutes: number;
  seedDemo: boolean;
  trustProxy: boolean;
  /** Signed-in users may create a merchant they own (MERCHANT_SIGNUP, docs/auth.md). */
  merchantSignup: boolean;
  connections: { perAddress: number; headersTimeoutMs: number };
  /** Worker processes serving one port (node:cluster); more than 1 needs PostgreSQL. */
  workers: number;
  /** PostgreSQL's pool (DB_*). */
  database: { poolSize: number; connectTimeoutMs: number; statementTimeoutMs: number };
  /** The payment provider's calls (PROVIDER_*). */
  provider: { timeoutMs: number; retries: number; breakerFailures: number; breakerSeconds: number };
  /** Days kept after use or expiry (RETENTION_*), and the purge's interval (api/retention.ts). */
  retention: { tokenDays: number; idempotencyDays: number; emailDays: number; intervalMinutes: number };
  /** Days a widget release that is no longer current stays served (WIDGET_RELEASES_KEEP_DAYS); 0: forever. */
  widgetReleasesKeepDays: number;
  /** Prometheus metrics: a bearer token for /metrics on the main port, and/or a port of their own. */
  metrics: { token: string | null; port: number | null; host: string };
  logLevel: string;
  staticDir: string;
}

/**
 * Parse the environment. Throws `ConfigError` with one line naming the first bad variable.
 * @example loadConfig({ PORT: '9000' }).port // 9000
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Readonly<Config> {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    const got = env[name];
    const shown =
      got === undefined || SECRET_NAME.test(name) ? '' : ` (got ${JSON.stringify(redactUrl(got))})`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${shown}`);
  }
  const e = parsed.data;
  const provider: PaymentsMode = e.PAYMENTS_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox');
  if (provider === 'stripe') {
    if (!e.STRIPE_SECRET_KEY)
      throw new ConfigError(
        'Invalid configuration: STRIPE_SECRET_KEY is required when PAYMENTS_PROVIDER=stripe',
      );
    if (!e.STRIPE_PUBLISHABLE_KEY)
      throw new ConfigError(
        'Invalid configuration: STRIPE_PUBLISHABLE_KEY is required when PAYMENTS_PROVIDER=stripe',
      );
    if (!e.JWT_SECRET)
      throw new ConfigError('Invalid configuration: JWT_SECRET is required when PAYMENTS_PROVIDER=stripe');
  }
  if (e.MAIL_TRANSPORT === 'smtp' && !e.SMTP_URL)
    throw new ConfigError('Invalid configuration: MAIL_TRANSPORT=smtp needs SMTP_URL');
  if (e.WORKERS > 1 && !/^postgres(ql)?:/.test(e.DATABASE_URL))
    throw new ConfigError(
      `Invalid configuration: WORKERS=${e.WORKERS} needs PostgreSQL (DATABASE_URL=postgres://…); SQLite is the one-process set-up, use WORKERS=1`,
    );
  const port = e.PORT;
  const config: Config = {
    nodeEnv: e.NODE_ENV,
    port,
    host: e.HOST,
    publicBaseUrl: e.PUBLIC_BASE_URL ?? `http://localhost:${port}`,
    databaseUrl: e.DATABASE_URL,
    sandboxDatabaseUrl: e.SANDBOX_DATABASE_URL,
    sandboxBecsDelaySeconds: e.SANDBOX_BECS_DELAY_SECONDS,
    sandboxPaytoDelaySeconds: e.SANDBOX_PAYTO_DELAY_SECONDS,
    paymentsProvider: provider,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET,
      connectClientId: e.STRIPE_CONNECT_CLIENT_ID,
      apiBase: e.STRIPE_API_BASE,
    },
    jwtSecret: e.JWT_SECRET,
    encryptionKey: e.ENCRYPTION_KEY,
    adminEmailDomain: e.ADMIN_EMAIL_DOMAIN,
    smtpUrl: e.SMTP_URL,
    mailTransport: e.MAIL_TRANSPORT ?? (e.SMTP_URL ? 'smtp' : 'capture'),
    mailFrom: e.MAIL_FROM,
    platformFeeBps: e.PLATFORM_FEE_BPS,
    productName: e.PRODUCT_NAME,
    defaultTimeZone: e.DEFAULT_TIME_ZONE,
    xero: {
      clientId: e.XERO_CLIENT_ID,
      clientSecret: e.XERO_CLIENT_SECRET,
      apiBase: e.XERO_API_BASE,
      identityBase: e.XERO_IDENTITY_BASE,
      loginBase: e.XERO_LOGIN_BASE,
      scopes: (e.XERO_SCOPES ?? DEFAULT_XERO_SCOPES).split(/\s+/).filter(Boolean).join(' '),
    },
    quickbooks: {
      clientId: e.QUICKBOOKS_CLIENT_ID,
      clientSecret: e.QUICKBOOKS_CLIENT_SECRET,
      apiBase: e.QUICKBOOKS_API_BASE,
      identityBase: e.QUICKBOOKS_IDENTITY_BASE,
      authorizeUrl: e.QUICKBOOKS_AUTHORIZE_URL,
    },
    outboundAllowlist: e.OUTBOUND_ALLOWLIST,
    outbox: {
      workerEnabled: e.OUTBOX_WORKER,
      maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
      timeoutMs: e.OUTBOX_TIMEOUT_MS,
      // A lease shorter than a delivery could let a second worker start the same job mid-flight.
      leaseSeconds: Math.max(e.OUTBOX_LEASE_SECONDS, Math.ceil(e.OUTBOX_TIMEOUT_MS / 1000) + 1),
      pollMs: e.OUTBOX_POLL_MS,
      batchSize: e.OUTBOX_BATCH,
      backoffBaseMs: e.OUTBOX_BACKOFF_BASE_MS,
    },
    rateLimits: e.RATE_LIMITS,
    declineLimits: {
      session: e.DECLINE_LIMIT_SESSION,
      invoice: e.DECLINE_LIMIT_INVOICE,
      address: e.DECLINE_LIMIT_ADDRESS,
      merchant: e.DECLINE_CEILING_MERCHANT,
      platform: e.DECLINE_CEILING_PLATFORM,
      windowMinutes: e.DECLINE_WINDOW_MINUTES,
      blockMinutes: e.DECLINE_BLOCK_MINUTES,
      challengeMaxNumber: e.CHALLENGE_MAX_NUMBER,
    },
    payLookupInvoicesPerIp: e.PAY_LOOKUP_INVOICES_PER_IP,
    apiKeyRequestsPerMinute: e.API_KEY_REQUESTS_PER_MINUTE,
    reservationTtlMinutes: e.RESERVATION_TTL_MINUTES,
    paytoApprovalMinutes: e.PAYTO_APPROVAL_MINUTES,
    seedDemo: e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY,
    merchantSignup: e.MERCHANT_SIGNUP,
    connections: {
      perAddress: e.MAX_CONNECTIONS_PER_ADDRESS ?? (e.TRUST_PROXY ? 0 : 256),
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    },
    workers: e.WORKERS,
    database: {
      poolSize: e.DB_POOL_SIZE,
      connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    },
    provider: {
      timeoutMs: e.PROVIDER_TIMEOUT_MS,
      retries: e.PROVIDER_RETRIES,
      breakerFailures: e.PROVIDER_BREAKER_FAILURES,
      breakerSeconds: e.PROVIDER_BREAKER_SECONDS,
    },
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT ?? null, host: e.METRICS_HOST },
    retention: {
      tokenDays: e.RETENTION_TOKEN_DAYS,
      idempotencyDays: e.RETENTION_IDEMPOTENCY_DAYS,
      emailDays: e.RETENTION_EMAIL_DAYS,
      intervalMinutes: e.RETENTION_INTERVAL_MINUTES,
    },
    logLevel: e.LOG_LEVEL,
    staticDir: e.STATIC_DIR,
    widgetReleasesKeepDays: e.WIDGET_RELEASES_KEEP_DAYS,
  };
  return Object.freeze(config);
}

/**
 * The configuration a server starts with: `loadConfig`, then what production (or live Stripe keys)
 * requires of a server taking real money (api/config-production.ts). The command-line tools
 * (admin:create, db:migrate, reconcile) only need the database and load `loadConfig` alone.
 */
export function loadServerConfig(env: Record<string, string | undefined> = process.env): Readonly<Config> {
  const config = loadConfig(env);
  const unsafe = productionProblem(config, env);
  if (unsafe) throw new ConfigError(unsafe);
  return config;
}

/** The only configuration the browser sees. */
export function publicConfig(config: Config) {
  return {
    productName: config.productName,
    paymentsMode: config.paymentsProvider,
    publishableKey: config.paymentsProvider === 'stripe' ? config.stripe.publishableKey : null,
    publicBaseUrl: config.publicBaseUrl,
    /** Whether a business may sign itself up (the site's Sign up links and Get Started lead there). */
    merchantSignup: config.merchantSignup,
  };
}
