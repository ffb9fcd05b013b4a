/**
 * A payment holding part of its invoice while it waits (DESIGN §3.4): the console says so — other
 * customers see it as being paid, not paid — and staff can cancel a card hold or a PayTo request
 * awaiting approval (cancelled at the provider first, then the amount is payable again), each said in
 * its own words. A bank debit clearing cannot be cancelled.
 */
import { Alert, Button } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useAction } from '../data/useAction.ts';
import { dateTime, money } from '../shared/format.ts';
import { ConfirmDialog } from '../shared/Confirm.tsx';
import type { Payment } from '../shared/types.ts';
import { usePaymentStatusText } from '../shared/PaymentStatusChip.tsx';

const WAITING = ['pending', 'requires_action'];

export function HoldNotice({ payment: p, onChanged }: { payment: Payment; onChanged(): void }) {
  const translate = useTranslate();
  const statusText = usePaymentStatusText();
  const [asking, setAsking] = useState(false);
  const cancel = useAction((dp) => dp.cancelHold({ id: p.id }), {
    invalidate: ['payments', 'invoices'],
    success: (after) =>
      after.status === 'succeeded' ? 'console.payments.hold_succeeded' : 'console.payments.hold_cancelled',
    failure: 'console.payments.cancel_hold_failed',
    onSuccess: () => {
      setAsking(false);
      onChanged();
    },
    onError: () => setAsking(false),
  });
  const amount = money(p.amount, p.currency);
  if (p.status === 'processing')
    return (
      <Alert severity="info" role="status">
        {translate('console.payments.hold_notice_debit', {
          amount,
          invoice: p.invoice_number,
          clears_by: p.clears_by ?? '—',
        })}
      </Alert>
    );
  if (!WAITING.includes(p.status)) return null;
  const card = p.method_type !== 'au_becs_debit';
  // A PayTo payment waits for the customer's approval in their banking app: not "a card hold".
  const payto = p.method_type === 'payto';
  return (
    <Alert
      severity="info"
      role="status"
      action={
        card ? (
          <Button color="inherit" size="small" onClick={() => setAsking(true)} disabled={cancel.isPending}>
            {translate('console.payments.cancel_hold')}
          </Button>
        ) : undefined
      }
    >
      {translate(payto ? 'console.payments.hold_notice_payto' : 'console.payments.hold_notice', {
        amount,
        invoice: p.invoice_number,
        status: statusText(p.status).toLowerCase(),
        until: p.reserved_until ? dateTime(p.reserved_until) : '—',
      })}
      <ConfirmDialog
        open={asking}
        title={translate(
          payto ? 'console.payments.cancel_hold_title_payto' : 'console.payments.cancel_hold_title',
        )}
        confirmLabel={translate('console.payments.cancel_hold')}
        busy={cancel.isPending}
        danger
        onConfirm={() => cancel.mutate()}
        onClose={() => setAsking(false)}
      >
        {translate(payto ? 'console.payments.cancel_hold_text_payto' : 'console.payments.cancel_hold_text', {
          amount,
          invoice: p.invoice_number,
        })}
      </ConfirmDialog>
    </Alert>
  );
}
