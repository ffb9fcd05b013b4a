/**
 * The admin API's objects as the console reads them. Most are the server's own schemas
 * (client/api-types.ts, generated from /api/openapi.json by `npm run api-types`), so a field the
 * server renames or drops fails the console's type check.
 */
import type { Schemas } from '../../../client/api-types.ts';

export type Stats = Schemas['AdminStats'];
export type SurchargeRule = Schemas['SurchargeRule'];
export type Merchant = Schemas['Merchant'];
export type Invoice = Schemas['AdminInvoice'];
/** A payment as the console reads it (list and page; its refunds and disputes on the page). */
export type Payment = Schemas['AdminPayment'];
/** GET/PUT /api/admin/merchants/{id}/webhook. */
export type WebhookSettings = Schemas['WebhookSettings'];
/** One automation webhook delivery attempt (GET /api/admin/webhook-deliveries). */
export type WebhookDelivery = Schemas['WebhookDelivery'];
/** A webhook endpoint besides the automation webhook (its secret only in the answer that creates it). */
export type WebhookEndpoint = Schemas['WebhookEndpoint'];
export type WebhookEndpointCreated = Schemas['WebhookEndpointCreated'];
/** An event sent to the merchant's receivers, with its deliveries (30 days). */
export type WebhookEvent = Schemas['Event'];
/** An API key as the console lists it (never the key itself). */
export type ApiKey = Schemas['ApiKey'];
export type PayLink = Schemas['AdminPayLink'];
/** A link just made: where it was mailed, if anywhere. */
export type CreatedPayLink = Schemas['AdminCreatedPayLink'];
/** One logged test delivery of a merchant's automation webhook (webhook_tests). */
export type WebhookTest = Schemas['WebhookTestResult'];
/** The answer of a manual accounting sync. */
export type SyncResult = Schemas['SyncResult'];
/** The browser-safe configuration (GET /api/public/config). */
export type PublicConfig = Schemas['PublicConfig'];
export type WidgetRelease = Schemas['WidgetRelease'];
export type Diagnostics = Schemas['AdminDiagnostics'];
/** A domain registered for wallets (Apple Pay, Google Pay) on the merchant's connected account. */
export type PaymentDomain = Schemas['PaymentMethodDomain'];

/** A merchant's team member and open invitation (GET /api/admin/merchants/{id}/members, …/invitations). */
export type TeamMember = Schemas['TeamMember'];
export type RemovedMember = Schemas['RemovedMember'];
export type MerchantSetup = Schemas['MerchantSetup'];
export type TeamInvitation = Schemas['Invitation'];
