/**
 * Xero: OAuth 2 (authorisation code; authorise at XERO_LOGIN_BASE, tokens and revocation at
 * XERO_IDENTITY_BASE, tenants from `/connections` at XERO_API_BASE) and the Accounting API with
 * plain fetch against the shapes of Xero's accounting OpenAPI document (records.ts, settings.ts).
 * The base URLs are configuration, so tests and staging point them at a local server.
 *
 * A payment is a Payment of the invoice (base) part plus the surcharge as money received. A credit
 * refund is a credit note refunded in cash on the refund's date; a re-open refund lowers (deletes
 * and re-creates) the payment; a write-off is a credit note allocated to the invoice.
 */
import {
  basicAuth,
  callApi,
  ConnectorError,
  errorFor,
  requestTokens,
  type AccountingConnector,
  type ConnectorConfig,
  type ConnectorSession,
  type CreditInput,
  type StepLog,
  type TokenSet,
} from '../connector.ts';
import { LABEL, xeroApi, xeroMessage, xeroPdf } from './api.ts';
import * as records from './records.ts';
import { accountChoices, organisationTimeZone } from './settings.ts';

export function xeroConnector(config: ConnectorConfig): AccountingConnector {
  const x = config.xero;
  const send = xeroApi(config);
  const pdf = xeroPdf(config);

  const token = (form: Record<string, string>): Promise<TokenSet> =>
    requestTokens({
      label: LABEL,
      url: `${x.identityBase}/connect/token`,
      clientId: x.clientId,
      clientSecret: x.clientSecret,
      form,
      timeoutMs: config.timeoutMs,
      defaultExpiresIn: 1800,
      messageOf: xeroMessage,
    });

  /** The credit note a refund or write-off posts against: made once, found again on a retry. */
  const creditNoteOnce = async (s: ConnectorSession, c: CreditInput, steps: StepLog) => {
    const saved = steps.get('credit_note');
    if (saved) return saved;
    const note = await records.createCreditNote(send, s, {
      ...c,
      idempotencyKey: `${c.idempotencyKey}:credit-note`,
    });
    await steps.save('credit_note', note, c.amount, c.date);
    return note;
  };

  return {
    provider: 'xero',
    label: LABEL,
    creditRefundSteps: ['credit_note', 'credit_refund'],
    writeOffSteps: ['credit_note', 'credit_allocation'],
    authorizeUrl({ redirectUri, state }) {
      const q = new URLSearchParams({
        response_type: 'code',
        client_id: x.clientId ?? '',
        redirect_uri: redirectUri,
        scope: x.scopes,
        state,
      });
      return `${x.loginBase}/identity/connect/authorize?${q}`;
    },
    exchangeCode: (code, redirectUri) =>
      token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    refresh: (refreshToken) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    async revoke(refreshToken) {
      await callApi(LABEL, {
        method: 'POST',
        url: `${x.identityBase}/connect/revocation`,
        headers: { authorization: basicAuth(x.clientId, x.clientSecret, LABEL) },
        body: new URLSearchParams({ token: refreshToken }),
        timeoutMs: config.timeoutMs,
      });
    },
    async tenantFor(accessToken) {
      const res = await callApi(LABEL, {
        method: 'GET',
        url: `${x.apiBase}/connections`,
        headers: { authorization: `Bearer ${accessToken}` },
        timeoutMs: config.timeoutMs,
      });
      if (res.status !== 200) throw errorFor(LABEL, res.status, xeroMessage(res.body), res.headers);
      const org = (res.body as any[]).find((c) => c.tenantType === 'ORGANISATION') ?? res.body[0];
      if (!org)
        throw new ConnectorError('The Xero authorisation did not include an organisation', {
          retryable: false,
        });
      return { tenantId: org.tenantId, tenantName: org.tenantName ?? null };
    },
    organisationTimeZone: (s) => organisationTimeZone(send, s),
    accountChoices: (s) => accountChoices(send, s),
    findInvoice: (s, number) => records.findInvoice(send, s, number),
    invoiceContent: (s, invoice) => records.invoiceContent(send, s, invoice),
    invoicePdf: (s, invoice) => records.invoicePdf(pdf, s, invoice),
    createPayment: (s, i) => records.createPayment(send, s, i),
    paymentState: (s, id) => records.paymentState(send, s, id),
    async changePayment(s, id, input, deleteKey) {
      // Xero cannot change a payment's amount: delete it, then pay the new amount on the same date.
      await records.deletePayment(send, s, id, deleteKey);
      return input ? records.createPayment(send, s, input) : null;
    },
    createSurcharge: (s, i) =>
      records.createBankTransaction(send, s, 'RECEIVE', i, `Card surcharge on invoice ${i.invoice.number}`),
    refundSurcharge: (s, i) =>
      records.createBankTransaction(
        send,
        s,
        'SPEND',
        i,
        `Card surcharge refunded on invoice ${i.invoice.number}`,
      ),
    async recordCreditRefund(s, c, steps) {
      const note = await creditNoteOnce(s, c, steps);
      if (steps.get('credit_refund')) return;
      const id = await records.refundCreditNote(send, s, note.id, {
        amount: c.amount,
        currency: c.currency,
        date: c.date,
        reference: c.reference,
        depositAccount: c.depositAccount,
        idempotencyKey: `${c.idempotencyKey}:credit-refund`,
      });
      await steps.save('credit_refund', { id, number: null }, c.amount, c.date);
    },
    async recordWriteOff(s, c, steps) {
      const note = await creditNoteOnce(s, c, steps);
      if (steps.get('credit_allocation')) return;
      const id = await records.allocateCreditNote(send, s, note.id, {
        ...c,
        idempotencyKey: `${c.idempotencyKey}:allocation`,
      });
      await steps.save('credit_allocation', { id, number: note.number }, c.amount, c.date);
    },
  };
}
