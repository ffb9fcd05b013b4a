/**
 * QuickBooks Online: OAuth 2 (authorisation code at Intuit's app center; tokens at
 * QUICKBOOKS_IDENTITY_BASE `/oauth2/v1/tokens/bearer`; the company is the callback's `realmId`) and
 * the v3 Accounting API at QUICKBOOKS_API_BASE with plain fetch against Intuit's JSON shapes
 * (records.ts). A payment is a `Payment` linked to the invoice plus a surcharge `Deposit`; a credit
 * refund is a `RefundReceipt` (and a `Purchase` for its surcharge part) on the refund's date; a
 * re-open refund lowers the payment; a write-off is a `CreditMemo` applied to the invoice.
 */
import {
  basicAuth,
  callApi,
  ConnectorError,
  requestTokens,
  type AccountingConnector,
  type ConnectorConfig,
  type TokenSet,
} from '../connector.ts';
import * as records from './records.ts';
import { LABEL, qboApi, qboMessage } from './records.ts';

export const QUICKBOOKS_SCOPES = 'com.intuit.quickbooks.accounting';
const DEFAULT_IDENTITY = 'https://oauth.platform.intuit.com';

export function quickbooksConnector(config: ConnectorConfig): AccountingConnector {
  const q = config.quickbooks;
  const api = qboApi(config);

  const token = (form: Record<string, string>): Promise<TokenSet> =>
    requestTokens({
      label: LABEL,
      url: `${q.identityBase}/oauth2/v1/tokens/bearer`,
      clientId: q.clientId,
      clientSecret: q.clientSecret,
      form,
      timeoutMs: config.timeoutMs,
      defaultExpiresIn: 3600,
      messageOf: qboMessage,
    });

  return {
    provider: 'quickbooks',
    label: LABEL,
    creditRefundSteps: ['refund_receipt'],
    writeOffSteps: ['credit_memo', 'credit_applied'],
    authorizeUrl({ redirectUri, state }) {
      const p = new URLSearchParams({
        client_id: q.clientId ?? '',
        response_type: 'code',
        scope: QUICKBOOKS_SCOPES,
        redirect_uri: redirectUri,
        state,
      });
      return `${q.authorizeUrl}?${p}`;
    },
    exchangeCode: async (code, redirectUri) => ({
      ...(await token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri })),
      scope: QUICKBOOKS_SCOPES,
    }),
    refresh: (refreshToken) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    async revoke(refreshToken) {
      // Intuit revokes on another host; a configured (test/staging) identity base serves it itself.
      const base = q.identityBase === DEFAULT_IDENTITY ? 'https://developer.api.intuit.com' : q.identityBase;
      await callApi(LABEL, {
        method: 'POST',
        url: `${base}/v2/oauth2/tokens/revoke`,
        headers: { authorization: basicAuth(q.clientId, q.clientSecret, LABEL) },
        body: { token: refreshToken },
        timeoutMs: config.timeoutMs,
      });
    },
    async tenantFor(accessToken, callback) {
      const realmId = callback.realmId?.trim();
      if (!realmId)
        throw new ConnectorError('QuickBooks did not say which company was connected (realmId missing)', {
          retryable: false,
        });
      const s = { accessToken, tenantId: realmId };
      const body = await api.send(s, 'GET', api.url(s, `/companyinfo/${encodeURIComponent(realmId)}`));
      return { tenantId: realmId, tenantName: body?.CompanyInfo?.CompanyName ?? null };
    },
    // CompanyInfo carries no time zone: the merchant's own zone applies.
    organisationTimeZone: async () => null,
    accountChoices: (s) => records.accountChoices(api, s),
    findInvoice: (s, number) => records.findInvoice(api, s, number),
    invoiceContent: (s, invoice) => records.invoiceContent(api, s, invoice),
    invoicePdf: (s, invoice) => records.invoicePdf(api, s, invoice),
    createPayment: (s, i) => records.createPayment(api, s, i),
    paymentState: (s, id) => records.paymentState(api, s, id),
    changePayment: (s, id, input, deleteKey) => records.changePayment(api, s, id, input, deleteKey),
    createSurcharge: (s, i) => records.createDeposit(api, s, i),
    refundSurcharge: (s, i) => records.createPurchase(api, s, i),
    async recordCreditRefund(s, c, steps) {
      if (steps.get('refund_receipt')) return;
      const receipt = await records.createRefundReceipt(api, s, {
        ...c,
        idempotencyKey: `${c.idempotencyKey}:refund-receipt`,
      });
      await steps.save('refund_receipt', receipt, c.amount, c.date);
    },
    async recordWriteOff(s, c, steps) {
      const memo =
        steps.get('credit_memo') ??
        (await records.createCreditMemo(api, s, { ...c, idempotencyKey: `${c.idempotencyKey}:credit-memo` }));
      if (!steps.get('credit_memo')) await steps.save('credit_memo', memo, c.amount, c.date);
      if (steps.get('credit_applied')) return;
      const id = await records.applyCreditMemo(api, s, memo.id, {
        ...c,
        idempotencyKey: `${c.idempotencyKey}:apply`,
      });
      await steps.save('credit_applied', { id, number: memo.number }, c.amount, c.date);
    },
  };
}
