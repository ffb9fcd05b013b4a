/**
 * "Add the Pay now link to Xero": with the `paymentservices` scope (a restricted scope Xero grants
 * to some apps), create a custom payment service whose URL is our accounting URL template (DESIGN
 * §4a; Xero fills [INVOICENUMBER], [AMOUNTDUE] and [CURRENCY]) and attach it to the branding
 * themes the admin picks, so every invoice sent with those themes carries a Pay now button. Without
 * that scope the console shows the template to copy, with the steps, as before.
 */
import { buildAccountingPaymentUrl } from '../../../core/link-params.ts';
import { audit } from '../../audit/service.ts';
import type { AppDeps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { getMerchantOr404, type Actor } from '../../merchants/service.ts';
import { findConnection, withSession, type AccountingConnection } from './connections.ts';
import { ConnectorError, type ConnectorSession } from '../connector.ts';
import { xeroApi } from '../xero/api.ts';
import { grants, parseScopes } from '../xero/scopes.ts';
import * as settings from '../xero/settings.ts';

export const DEFAULT_PAY_NOW_TEXT = 'Pay now by card';

export type PayNowUnavailable = 'not_connected' | 'scope_missing' | 'not_https';

function unavailable(deps: AppDeps, c: AccountingConnection | undefined): PayNowUnavailable | null {
  if (!c || c.provider !== 'xero' || c.status !== 'connected') return 'not_connected';
  const granted = parseScopes(c.granted_scopes);
  if (granted === null || !grants(granted, 'paymentservices')) return 'scope_missing';
  const url = new URL(deps.config.publicBaseUrl);
  if (url.protocol !== 'https:' && !['127.0.0.1', 'localhost'].includes(url.hostname)) return 'not_https';
  return null;
}

const REASONS: Record<PayNowUnavailable, string> = {
  not_connected: 'Connect Xero first.',
  scope_missing:
    'This Xero connection does not have the paymentservices scope, so the link is added by hand (steps below). If Xero has granted your app that scope, add it to XERO_SCOPES and connect Xero again.',
  not_https:
    'Xero accepts only https payment links: set PUBLIC_BASE_URL to the https address of this server.',
};

/** Run `fn` with a Xero session; Xero's refusals become 502s with Xero's reason. */
async function inXero<T>(deps: AppDeps, c: AccountingConnection, fn: (s: ConnectorSession) => Promise<T>) {
  try {
    return await withSession(deps, c, (s) => fn(s));
  } catch (err) {
    if (err instanceof ConnectorError) throw new AppError('provider_error', err.message, { cause: err });
    throw err;
  }
}

const connectorConfig = (deps: AppDeps) => ({
  xero: deps.config.xero,
  quickbooks: deps.config.quickbooks,
  timeoutMs: deps.config.outbox.timeoutMs,
});

async function currentSetup(deps: AppDeps, c: AccountingConnection, template: string) {
  const send = xeroApi(connectorConfig(deps));
  return inXero(deps, c, async (s) => {
    const [themes, services] = await Promise.all([
      settings.brandingThemes(send, s),
      settings.paymentServices(send, s),
    ]);
    const ours = services.find((p) => p.url === template) ?? null;
    const attached = await Promise.all(
      themes.map(async (t) =>
        ours ? (await settings.themePaymentServices(send, s, t.id)).some((p) => p.id === ours.id) : false,
      ),
    );
    return { themes: themes.map((t, i) => ({ id: t.id, name: t.name, attached: attached[i] })), ours };
  });
}

export async function payNowStatus(deps: AppDeps, merchantId: string) {
  const merchant = await getMerchantOr404(deps, merchantId);
  const template = buildAccountingPaymentUrl(deps.config.publicBaseUrl, merchant.id, merchant.shortcode);
  const c = await findConnection(deps.database.db, merchantId);
  const reason = unavailable(deps, c);
  if (reason)
    return {
      url_template: template,
      can_set_up: false,
      reason,
      message: REASONS[reason],
      branding_themes: [],
      payment_service: null,
    };
  const { themes, ours } = await currentSetup(deps, c!, template);
  return {
    url_template: template,
    can_set_up: true,
    reason: null,
    message: null,
    branding_themes: themes,
    payment_service: ours,
  };
}

export async function setUpPayNow(
  deps: AppDeps,
  merchantId: string,
  input: { branding_theme_ids: string[]; pay_now_text?: string | null },
  actor: Actor,
) {
  const merchant = await getMerchantOr404(deps, merchantId);
  const template = buildAccountingPaymentUrl(deps.config.publicBaseUrl, merchant.id, merchant.shortcode);
  const c = await findConnection(deps.database.db, merchantId);
  const reason = unavailable(deps, c);
  if (reason) throw new AppError(reason === 'not_connected' ? 'conflict' : 'unprocessable', REASONS[reason]);
  const send = xeroApi(connectorConfig(deps));
  const { themes, ours } = await currentSetup(deps, c!, template);
  const chosen = themes.filter((t) => input.branding_theme_ids.includes(t.id));
  if (chosen.length !== new Set(input.branding_theme_ids).size)
    throw new AppError('validation_failed', 'Choose branding themes of this Xero organisation.', {
      field: 'branding_theme_ids',
    });
  const result = await inXero(deps, c!, async (s) => {
    const service =
      ours ??
      (await settings.createPaymentService(send, s, {
        name: deps.config.productName,
        url: template,
        payNowText: input.pay_now_text?.trim() || DEFAULT_PAY_NOW_TEXT,
        idempotencyKey: `invoicepay:${merchant.id}:payment-service`,
      }));
    const attached: string[] = [];
    for (const theme of chosen.filter((t) => !t.attached)) {
      await settings.attachPaymentService(
        send,
        s,
        theme.id,
        service.id,
        `invoicepay:${merchant.id}:theme:${theme.id}:${service.id}`,
      );
      attached.push(theme.name);
    }
    return {
      service,
      created: !ours,
      attached,
      already: chosen.filter((t) => t.attached).map((t) => t.name),
    };
  });
  await audit(
    deps.database.db,
    {
      actor: actor.user,
      action: 'accounting.pay_now_setup',
      targetType: 'merchant',
      targetId: merchant.id,
      details: { payment_service_id: result.service.id, created: result.created, attached: result.attached },
      ip: actor.ip,
    },
    deps.clock,
  );
  const parts = [
    result.created
      ? `Created the payment service "${result.service.name}" in Xero`
      : `The payment service "${result.service.name}" was already in Xero`,
    result.attached.length ? `added it to ${result.attached.join(', ')}` : null,
    result.already.length ? `${result.already.join(', ')} already had it` : null,
  ].filter(Boolean);
  return {
    payment_service: result.service,
    created: result.created,
    attached: result.attached,
    already_attached: result.already,
    message: `${parts.join('; ')}.`,
  };
}
