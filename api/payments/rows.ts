/**
 * Payments and refunds as the domains above payments read them, and the few columns they keep up to
 * date (issue 35: no domain imports another's repository): a payment by id or intent, its invoice's
 * history and holds for the pay page, a refund by id or the provider's id; the accounting sync
 * status columns accounting writes (`updatePayment`), the provider events and refund outcomes the
 * provider's webhooks record. What moves money is payments' own services.
 */
export {
  findPayment,
  findPaymentByIntent,
  invoiceHistory,
  invoiceHolds,
  isSettled,
  latestSucceededPayment,
  lockPayment,
  recordProviderEvent,
  reservedBySession,
  updatePayment,
} from './repository.ts';
export {
  findRefund,
  findRefundByProviderId,
  findRefundOfPayment,
  succeededRefundsOf,
  updateRefund,
} from './refunds/refunds-repository.ts';
