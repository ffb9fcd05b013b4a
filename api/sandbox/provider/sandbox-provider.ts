/**
 * The `sandbox` provider: an offline stand-in for Stripe with Stripe's PaymentIntent state
 * machine, test cards, error messages, idempotency, Connect onboarding and signed webhooks, kept in
 * its own database. Our services speak to it through `PaymentProvider` exactly as to Stripe; the
 * browser reaches it through `/api/sandbox/*` (see api/sandbox/routes.ts).
 *
 * @example
 *   const sandbox = await SandboxProvider.open({ databaseUrl: 'sqlite::memory:', baseUrl, clock, logger,
 *     deliver: (raw, sig) => postToOurWebhookRoute(raw, sig) });
 *   const token = await sandbox.createConfirmationToken({ number: '4242424242424242', expMonth: 12,
 *     expYear: 2034, cvc: '123', account: 'acct_…' }); // what the widget's sandbox form does
 *   const intent = await sandbox.createIntent({ amount: 10295, currency: 'aud', …, confirmationToken: token.id });
 *   await sandbox.flushEvents(); // tests: every queued event delivered and answered
 */
import type { Clock } from '../../context.ts';
import type { Logger } from '../../logger.ts';
import {
  WebhookSignatureError,
  type ConfirmationToken,
  type ConnectedAccount,
  type CreateIntentInput,
  type DeliverWebhook,
  type PaymentMethodDomain,
  type PaymentProvider,
  type ProviderIntent,
  type ProviderRefund,
  type RefundInput,
  type WebhookEvent,
} from '../../ports/payment-provider.ts';
import {
  accountFromStripe,
  confirmationTokenFromStripe,
  intentFromStripe,
  paymentMethodDomainFromStripe,
  webhookEventFromStripe,
} from '../../payments/providers/stripe-objects.ts';
import type { EventLike } from '../../payments/providers/stripe-shapes.ts';
import * as connect from './connect.ts';
import type { SandboxContext } from './context.ts';
import { openSandboxDatabase, type SandboxDatabase } from './database.ts';
import { EventDelivery } from './events.ts';
import { FreshEvents } from './event-queue.ts';
import { openDispute } from './bank-debits.ts';
import { DebitSettlement } from './settlement.ts';
import * as browser from './browser.ts';
import { createIntent } from './create.ts';
import * as domains from './domains.ts';
import * as intents from './intents.ts';
import * as payto from './payto.ts';
import * as tokens from './tokens.ts';
import { refundIntent } from './refunds.ts';
import { signPayload, verifySignature } from './signature.ts';

export const SANDBOX_WEBHOOK_TOLERANCE_SECONDS = 300;

export interface SandboxOptions {
  /** `sqlite:PATH`, `sqlite::memory:` or a postgres URL. */
  databaseUrl: string;
  /** Our public origin (consent page and 3-D Secure URLs are built on it). */
  baseUrl: string;
  clock: Clock;
  logger: Logger;
  deliver: DeliverWebhook;
  /** Deliver events in the background as they appear (default true); tests may flush by hand only. */
  autoDeliver?: boolean;
  /** How long a bank debit processes before it succeeds or fails (SANDBOX_BECS_DELAY_SECONDS; default 60 s). */
  becsDelaySeconds?: number;
  /** How long the PayTo test PayIDs that answer by themselves take (SANDBOX_PAYTO_DELAY_SECONDS; default 5 s). */
  paytoDelaySeconds?: number;
  /** How long a PayTo request waits for the tester on the bank page before it expires (default 600 s). */
  paytoExpirySeconds?: number;
  /** Settle bank debits in the background when due (default: as autoDeliver); else `settleDueDebits()`. */
  autoSettle?: boolean;
}

export class SandboxProvider implements PaymentProvider {
  readonly mode = 'sandbox' as const;
  /** The secret our webhook route checks sandbox events against (kept in the sandbox database). */
  readonly webhookSecret: string;
  readonly ctx: SandboxContext;
  readonly #database: SandboxDatabase;
  readonly #events: EventDelivery;
  readonly #debits: DebitSettlement;

  private constructor(database: SandboxDatabase, webhookSecret: string, o: SandboxOptions) {
    this.#database = database;
    this.webhookSecret = webhookSecret;
    const autoDeliver = o.autoDeliver ?? true;
    const fresh = autoDeliver ? new FreshEvents() : null;
    this.ctx = {
      db: database.db,
      dialect: database.dialect,
      clock: o.clock,
      baseUrl: o.baseUrl.replace(/\/+$/, ''),
      becsDelayMs: (o.becsDelaySeconds ?? 60) * 1000,
      paytoDelayMs: (o.paytoDelaySeconds ?? 5) * 1000,
      paytoExpiryMs: (o.paytoExpirySeconds ?? 600) * 1000,
      paytoSettleMs: Math.min(1000, (o.paytoDelaySeconds ?? 5) * 1000),
      fresh,
    };
    this.#events = new EventDelivery({
      db: database.db,
      dialect: database.dialect,
      clock: o.clock,
      logger: o.logger,
      deliver: o.deliver,
      sign: (raw) => this.signPayload(raw),
      autoDeliver,
      fresh,
    });
    this.#debits = new DebitSettlement({
      ctx: this.ctx,
      logger: o.logger,
      auto: o.autoSettle ?? o.autoDeliver ?? true,
      settled: () => this.#events.kick(),
    });
  }

  static async open(options: SandboxOptions): Promise<SandboxProvider> {
    const { database, webhookSecret } = await openSandboxDatabase(options.databaseUrl);
    const provider = new SandboxProvider(database, webhookSecret, options);
    provider.#events.kick(); // events left undelivered by a previous run
    provider.#debits.kick(); // debits left processing by a previous run
    return provider;
  }

  /** Sign a payload as Stripe does, at the provider's clock time (tests sign their own events with it). */
  signPayload(rawBody: string, timestampSeconds = Math.floor(this.ctx.clock.now().getTime() / 1000)): string {
    return signPayload(rawBody, this.webhookSecret, timestampSeconds);
  }

  /**
   * Run a state change, then let the delivery worker see the events it queued, and the settlement
   * a debit it may have started (`startedDebit` tells from the answer; a failed call is looked at).
   */
  async #announcing<T>(fn: () => Promise<T>, startedDebit: (result: T) => boolean = () => true): Promise<T> {
    let result: { value: T } | null = null;
    try {
      result = { value: await fn() };
      return result.value;
    } finally {
      this.#events.kick();
      if (!result || startedDebit(result.value)) this.#debits.kick();
    }
  }

  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    // A bank debit's intent is processing once created, and a PayTo one waits for the customer's
    // bank (answered at its time); a card's settles nothing later.
    const pi = await this.#announcing(
      () => createIntent(this.ctx, input),
      (created) =>
        created.status === 'processing' ||
        (created.status === 'requires_action' && created.next_action?.type === 'payto_await_authorization'),
    );
    return intentFromStripe(pi, input.connectedAccountId);
  }

  async retrieveIntent(intentId: string, connectedAccountId: string): Promise<ProviderIntent> {
    return intentFromStripe(
      await intents.retrieveIntent(this.ctx, intentId, connectedAccountId),
      connectedAccountId,
    );
  }

  async listIntents(connectedAccountId: string, since: Date): Promise<ProviderIntent[]> {
    const list = await intents.listIntents(this.ctx, connectedAccountId, Math.floor(since.getTime() / 1000));
    return list.map((pi) => intentFromStripe(pi, connectedAccountId));
  }

  async cancelIntent(intentId: string, connectedAccountId: string): Promise<ProviderIntent> {
    const pi = await this.#announcing(() => intents.cancelIntent(this.ctx, intentId, connectedAccountId));
    return intentFromStripe(pi, connectedAccountId);
  }

  async retrieveConfirmationToken(tokenId: string, connectedAccountId: string): Promise<ConfirmationToken> {
    return confirmationTokenFromStripe(
      await tokens.retrieveConfirmationToken(this.ctx, tokenId, connectedAccountId),
    );
  }

  async refund(input: RefundInput): Promise<ProviderRefund> {
    const r = await this.#announcing(() => refundIntent(this.ctx, input));
    return {
      id: r.id,
      paymentIntentId: r.payment_intent_id,
      amount: r.amount,
      status: r.status as ProviderRefund['status'],
    };
  }

  async createOnboardingLink(input: Parameters<PaymentProvider['createOnboardingLink']>[0]) {
    return connect.createOnboardingLink(this.ctx, input);
  }

  oauthAuthorizeUrl(input: { state: string; redirectUri: string }): string {
    return connect.consentUrl(this.ctx, {
      response_type: 'code',
      client_id: 'ca_sandbox',
      scope: 'read_write',
      state: input.state,
      redirect_uri: input.redirectUri,
    });
  }

  async exchangeOAuthCode(code: string): Promise<{ accountId: string }> {
    return connect.exchangeOAuthCode(this.ctx, code);
  }

  async retrieveAccount(accountId: string): Promise<ConnectedAccount> {
    return accountFromStripe(await connect.retrieveAccount(this.ctx, accountId));
  }

  async disconnectAccount(accountId: string): Promise<void> {
    await connect.disconnectAccount(this.ctx, accountId);
  }

  async registerPaymentMethodDomain(
    domain: string,
    connectedAccountId: string,
  ): Promise<PaymentMethodDomain> {
    return paymentMethodDomainFromStripe(await domains.registerDomain(this.ctx, domain, connectedAccountId));
  }

  async validatePaymentMethodDomain(
    domainId: string,
    connectedAccountId: string,
  ): Promise<PaymentMethodDomain> {
    return paymentMethodDomainFromStripe(
      await domains.validateDomain(this.ctx, domainId, connectedAccountId),
    );
  }

  parseWebhook(rawBody: string, signatureHeader: string | null): WebhookEvent {
    verifySignature(
      rawBody,
      signatureHeader,
      [this.webhookSecret],
      this.ctx.clock.now().getTime(),
      SANDBOX_WEBHOOK_TOLERANCE_SECONDS,
    );
    let event: EventLike;
    try {
      event = JSON.parse(rawBody) as EventLike;
    } catch {
      throw new WebhookSignatureError('Invalid webhook payload: not JSON');
    }
    if (!event || typeof event.id !== 'string' || typeof event.type !== 'string' || !event.data) {
      throw new WebhookSignatureError('Invalid webhook payload: not an event');
    }
    return webhookEventFromStripe(event);
  }

  flushEvents(): Promise<{ delivered: number; pending: number }> {
    return this.#events.flush();
  }

  /**
   * Settle every bank debit whose delay is over now (by the provider's clock): what the background
   * timer does; tests that move their clock call it. Its events are queued (flushEvents delivers them).
   */
  settleDueDebits(): Promise<{ settled: number; nextDueAt: number | null }> {
    return this.#debits.settleDue();
  }

  /**
   * Test mode only: the customer's bank disputes a succeeded payment (`charge.dispute.created`), as
   * Stripe's disputed test accounts do. Reached by admins through /api/admin/sandbox/payments/{id}/dispute.
   */
  openDispute(input: { intentId: string; account: string; reason?: string }) {
    return this.#announcing(() => openDispute(this.ctx, input));
  }

  async close(): Promise<void> {
    await this.#debits.close();
    await this.#events.close();
    await this.#database.close();
  }

  // ── Browser side (/api/sandbox/*): what Stripe.js does against Stripe ──

  createPaymentMethod(input: Parameters<typeof browser.createPaymentMethod>[1]) {
    return browser.createPaymentMethod(this.ctx, input);
  }

  createConfirmationToken(input: Parameters<typeof browser.createConfirmationToken>[1]) {
    return browser.createConfirmationToken(this.ctx, input);
  }

  confirmIntent(input: Parameters<typeof browser.confirmIntent>[1]) {
    return this.#announcing(() => browser.confirmIntent(this.ctx, input));
  }

  authenticateIntent(input: Parameters<typeof browser.authenticateIntent>[1]) {
    return this.#announcing(() => browser.authenticateIntent(this.ctx, input));
  }

  async retrieveIntentWithSecret(intentId: string, clientSecret: string) {
    const pi = await intents.retrieveIntent(this.ctx, intentId, null);
    if (pi.client_secret !== clientSecret) {
      throw browser.clientSecretMismatch();
    }
    return pi;
  }

  /** The sandbox bank page: a PayTo agreement request, as the customer's banking app shows it. */
  viewPayToRequest(intentId: string) {
    return payto.viewRequest(this.ctx, intentId);
  }

  /** The sandbox bank page: the tester approves or declines the request (then it settles, or fails). */
  decidePayTo(intentId: string, approve: boolean) {
    return this.#announcing(() => payto.decide(this.ctx, intentId, approve));
  }

  viewLink(token: string) {
    return connect.viewLink(this.ctx, token);
  }

  decideLink(token: string, approve: boolean) {
    return this.#announcing(() => connect.decideLink(this.ctx, token, approve));
  }

  redirectUriAllowed(redirectUri: string) {
    return connect.redirectUriAllowed(this.ctx, redirectUri);
  }

  decideOAuth(input: Parameters<typeof connect.decideOAuth>[1]) {
    return connect.decideOAuth(this.ctx, input);
  }
}
