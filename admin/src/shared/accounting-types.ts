/**
 * What the admin API answers about a merchant's accounting tool (Xero / QuickBooks): the connection,
 * the sync jobs, each refund's records on the payment page, the "Needs attention" list and the Xero
 * Pay now set-up. Read and changed through the data provider's methods (data/accounting-actions.ts).
 * The server's own schemas (client/api-types.ts), named for the console.
 */
import type { Schemas } from '../../../client/api-types.ts';

/** null provider with status 'not_connected' when the merchant has no connection. */
export type AccountingConnection = Schemas['AccountingConnection'];
/** The accounts (and QuickBooks items) the settings may name, read from the tool. */
export type AccountChoices = Schemas['AccountChoices'];
export type AccountChoice = AccountChoices['payment'][number];

export interface AccountingAccounts {
  payment_account_code: string;
  surcharge_account_code: string | null;
  credit_account_code?: string | null;
}

export type OutboxJob = Schemas['OutboxJob'];

/** A payment's records in the accounting tool (GET …/payments/{id}/accounting-records). */
export type PaymentAccountingRecords = Schemas['AccountingRecords'];
export type RefundRecords = PaymentAccountingRecords['refunds'][number];

export type AttentionItem = Schemas['AccountingAttentionEntry'];

export type PayNowSetup = Schemas['XeroPayNow'];

export type PayNowResult = Schemas['XeroPayNowSetUp'];
