/**
 * A payment's status as a chip, in the words the pay page uses ("Paid", "Being paid", "Declined":
 * issue 50 item 7); the API's value stays on the chip as `data-status` and its title.
 */
import { useTranslate } from 'react-admin';
import type { PaymentStatus } from '../../../core/payment-status.ts';
import { paymentTone, type Tone } from './format.ts';
import { StatusChip } from './StatusChip.tsx';

/** Each status's text key (literal keys: the i18n test finds them). */
export const PAYMENT_STATUS_TEXT: Record<PaymentStatus, string> = {
  pending: 'console.payments.status.pending',
  requires_action: 'console.payments.status.requires_action',
  processing: 'console.payments.status.processing',
  succeeded: 'console.payments.status.succeeded',
  failed: 'console.payments.status.failed',
  canceled: 'console.payments.status.canceled',
  expired: 'console.payments.status.expired',
  partially_refunded: 'console.payments.status.partially_refunded',
  refunded: 'console.payments.status.refunded',
};

/** The words for a payment status ("completed" is the spec's succeeded); an unknown one as written. */
export function usePaymentStatusText(): (status: string | null | undefined) => string {
  const translate = useTranslate();
  return (status) => {
    const known = PAYMENT_STATUS_TEXT[(status === 'completed' ? 'succeeded' : status) as PaymentStatus];
    return known ? translate(known) : (status ?? '').replace(/_/g, ' ');
  };
}

export function PaymentStatusChip({
  status,
  tone = paymentTone,
}: {
  status: string | null | undefined;
  tone?: (status: string | null | undefined) => Tone;
}) {
  const text = usePaymentStatusText();
  return <StatusChip status={status} tone={tone(status)} label={text(status)} />;
}
