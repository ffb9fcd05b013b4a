/**
 * What a server that takes real money must be given rather than invent (DESIGN §8): with
 * `NODE_ENV=production`, or with live Stripe keys anywhere, the server refuses to start without its
 * secrets, an https public address, a mail transport chosen on purpose and, on Stripe, both webhook
 * secrets. Development and the embedded defaults generate and capture what they need (api/secrets.ts).
 */

/** What the check reads of the configuration (config.ts's `Config`, which calls it). */
export interface ProductionView {
  nodeEnv: string;
  paymentsProvider: string;
  publicBaseUrl: string;
  jwtSecret: string | null;
  encryptionKey: string | null;
  smtpUrl: string | null;
  stripe: { secretKey: string | null; webhookSecret: string | null; connectWebhookSecret: string | null };
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** The first setting a production server lacks, as one line; null when it has them all. */
export function productionProblem(
  config: ProductionView,
  env: Record<string, string | undefined>,
): string | null {
  const live = /^(sk|rk)_live_/.test(config.stripe.secretKey ?? '');
  if (config.nodeEnv !== 'production' && !live) return null;
  const refuse = (what: string) =>
    `Refusing to start ${config.nodeEnv === 'production' ? 'with NODE_ENV=production' : 'with live Stripe keys'}: ${what}`;
  if (!config.jwtSecret)
    return refuse(
      'JWT_SECRET is not set (32+ random characters, the same on every instance; e.g. `openssl rand -base64 48`)',
    );
  if (!config.encryptionKey)
    return refuse(
      'ENCRYPTION_KEY is not set (32+ random characters, the same on every instance, backed up with the database: it encrypts stored tokens and secrets)',
    );
  if (!env.PUBLIC_BASE_URL?.trim())
    return refuse(
      'PUBLIC_BASE_URL is not set (the https:// origin customers reach, e.g. https://pay.example.com)',
    );
  const base = new URL(config.publicBaseUrl);
  if (base.protocol !== 'https:' && !LOOPBACK.test(base.hostname))
    return refuse(`PUBLIC_BASE_URL must be https:// (plain http only on a loopback host such as 127.0.0.1)`);
  if (!config.smtpUrl && !env.MAIL_TRANSPORT?.trim())
    return refuse(
      'no mail transport chosen: set SMTP_URL, or MAIL_TRANSPORT=capture (mail kept in the emails table) or MAIL_TRANSPORT=log (only logged)',
    );
  if (config.paymentsProvider === 'stripe') {
    if (!config.stripe.webhookSecret)
      return refuse("STRIPE_WEBHOOK_SECRET is not set (the platform endpoint's signing secret)");
    if (!config.stripe.connectWebhookSecret)
      return refuse("STRIPE_CONNECT_WEBHOOK_SECRET is not set (the Connect endpoint's signing secret)");
  }
  return null;
}
