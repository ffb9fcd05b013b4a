/**
 * Refund, full or partial (DESIGN §3.8): the admin enters the invoice part to give back (default:
 * all that is left) and says what it means for the invoice — a credit (default: goods returned or a
 * price reduced; the refunded part is no longer owed) or a re-open (the customer still owes it) —;
 * the customer also gets the surcharge on that part back. A second step confirms; the refund is the
 * data provider's `refund`, run as an action (the payment's views refresh after it).
 */
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { minorUnitExponent } from '../../../core/currencies.ts';
import { fromMinorUnits, refundSurcharge, toMinorUnits } from '../../../core/money.ts';
import { useTranslate } from 'react-admin';
import { serverMessage } from '../data/http.ts';
import { useAction } from '../data/useAction.ts';
import { accountingTexts } from '../i18n/en-accounting.ts';
import { money } from '../shared/format.ts';
import type { Payment } from '../shared/types.ts';

export type RefundKind = 'credit' | 'reopen';

/** The kinds' texts as i18n keys (admin/src/i18n/en-accounting.ts). */
export const KIND_KEYS: Record<RefundKind, { label: string; help: string; effect: string }> = {
  credit: {
    label: 'console.refund.kinds.credit.label',
    help: 'console.refund.kinds.credit.help',
    effect: 'console.refund.kinds.credit.effect',
  },
  reopen: {
    label: 'console.refund.kinds.reopen.label',
    help: 'console.refund.kinds.reopen.help',
    effect: 'console.refund.kinds.reopen.effect',
  },
};

/** The kinds' English texts, from the catalogue, for views that do not translate. */
export const KIND_TEXT: Record<RefundKind, { label: string; help: string; effect: string }> =
  accountingTexts.refund.kinds;

export function refundableOf(p: Payment) {
  return { base: p.amount - p.refunded_amount, surcharge: p.surcharge - p.refunded_surcharge };
}

export function RefundDialog({
  payment,
  open,
  onClose,
  onRefunded,
  onFailed,
}: {
  payment: Payment;
  open: boolean;
  onClose(): void;
  onRefunded(message: string): void;
  /** The server refused or failed: the payment may have changed meanwhile (another refund). */
  onFailed?(): void;
}) {
  const translate = useTranslate();
  const left = refundableOf(payment);
  // A staff member's own limit on this payment (the server's figure): said before Review, not after Confirm.
  const staffLeft = payment.refund_limit_left ?? null;
  const mostYouMay = staffLeft === null ? left.base : Math.min(left.base, staffLeft);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [kind, setKind] = useState<RefundKind>('credit');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);

  useEffect(() => {
    if (open) {
      setAmount(fromMinorUnits(mostYouMay, payment.currency));
      setReason('');
      setKind('credit');
      setError(null);
      setConfirming(null);
    }
    // Only when the dialog opens: the form is reset from what it shows then, not on every change.
  }, [open]);

  /** The server's rule (core/money.ts): this part's share of the surcharge charged, the last refund settling the rest. */
  function surchargeFor(base: number): number {
    return refundSurcharge(payment, base);
  }

  function review(e: FormEvent) {
    e.preventDefault();
    const text = amount.replace(/[,\s]/g, ''); // "1,000.00" as written
    // Said, never corrected silently: "-5" is not A$5.00 and "250.001" is not A$250.00.
    if (/^[-\u2212]/.test(text)) {
      setError(translate('console.refund.negative'));
      return;
    }
    const decimals = minorUnitExponent(payment.currency);
    if ((text.split('.')[1] ?? '').length > decimals) {
      setError(translate('console.refund.too_precise', { smart_count: decimals }));
      return;
    }
    const minor = toMinorUnits(text, payment.currency);
    if (minor === null || minor <= 0) {
      setError(translate('console.refund.invalid'));
      return;
    }
    if (minor > left.base) {
      setError(translate('console.refund.too_much', { amount: money(left.base, payment.currency) }));
      return;
    }
    if (staffLeft !== null && minor > staffLeft) {
      setError(translate('console.refund.above_staff_limit', { amount: money(staffLeft, payment.currency) }));
      return;
    }
    setError(null);
    setConfirming(minor);
  }

  const refund = useAction(
    (dp, amount: number) => dp.refund({ id: payment.id, amount, reason: reason.trim() || null, kind }),
    {
      // The server's reason (e.g. the amount left changed meanwhile); never a bare 'Internal error'.
      failure: (err) => serverMessage(err) ?? translate('console.refund.failed'),
      invalidate: ['payments', 'invoices', 'accounting-records'],
      onSuccess: (_payment, amount) =>
        onRefunded(
          translate('console.refund.issued', {
            amount: money(amount + surchargeFor(amount), payment.currency),
          }),
        ),
      onError: (err) => {
        setError(serverMessage(err) ?? translate('console.refund.failed'));
        onFailed?.();
        setConfirming(null);
      },
    },
  );
  const busy = refund.isPending;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="refund-title"
    >
      {confirming === null ? (
        <form onSubmit={review} noValidate>
          <DialogTitle id="refund-title">{translate('console.refund.title')}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 1 }}>
              {translate('console.refund.refundable', { amount: money(left.base, payment.currency) })}
            </DialogContentText>
            {staffLeft !== null ? (
              <Alert severity={staffLeft > 0 ? 'info' : 'warning'} sx={{ mb: 1 }}>
                {translate(
                  staffLeft > 0
                    ? 'console.refund.staff_limit'
                    : payment.staff_refund_limit
                      ? 'console.refund.staff_used_up'
                      : 'console.refund.staff_not_allowed',
                  {
                    left: money(mostYouMay, payment.currency),
                    limit: money(payment.staff_refund_limit ?? 0, payment.currency),
                  },
                )}
              </Alert>
            ) : null}
            {error ? (
              <Alert severity="error" role="alert" sx={{ mb: 1 }}>
                {error}
              </Alert>
            ) : null}
            <TextField
              label={translate('console.refund.amount', { currency: payment.currency })}
              value={amount}
              onChange={(e) => {
                // Letters are dropped as typed; a sign is kept, to be refused with a message at review
                // (dropping it made "-5" a refund of 5.00).
                setAmount(e.target.value.replace(/[^\d.,\s\-\u2212]/g, ''));
                setError(null);
              }}
              fullWidth
              margin="dense"
              autoFocus
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              helperText={translate('console.refund.amount_help')}
            />
            <FormControl sx={{ mt: 1 }}>
              <FormLabel id="refund-kind-label">{translate('console.refund.kind')}</FormLabel>
              <RadioGroup
                aria-labelledby="refund-kind-label"
                name="refund-kind"
                value={kind}
                onChange={(e) => setKind(e.target.value as RefundKind)}
              >
                {(['credit', 'reopen'] as const).map((k) => (
                  <FormControlLabel
                    key={k}
                    value={k}
                    control={<Radio />}
                    label={`${translate(KIND_KEYS[k].label)}: ${translate(KIND_KEYS[k].help)}`}
                  />
                ))}
              </RadioGroup>
            </FormControl>
            <TextField
              label={translate('console.refund.reason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              fullWidth
              margin="dense"
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={staffLeft === 0}>
              {translate('console.refund.review')}
            </Button>
          </DialogActions>
        </form>
      ) : (
        <>
          <DialogTitle id="refund-title">{translate('console.refund.confirm_title')}</DialogTitle>
          <DialogContent>
            <DialogContentText>
              {translate(
                surchargeFor(confirming) > 0
                  ? 'console.refund.confirm_text_surcharge'
                  : 'console.refund.confirm_text',
                {
                  amount: money(confirming, payment.currency),
                  invoice: payment.invoice_number,
                  surcharge: money(surchargeFor(confirming), payment.currency),
                  total: money(confirming + surchargeFor(confirming), payment.currency),
                },
              )}
            </DialogContentText>
            <DialogContentText sx={{ mt: 1 }}>
              {translate(KIND_KEYS[kind].label)}: {translate(KIND_KEYS[kind].effect)}
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirming(null)} disabled={busy}>
              {translate('console.common.back')}
            </Button>
            <Button
              color="error"
              variant="contained"
              onClick={() => refund.mutate(confirming)}
              disabled={busy}
            >
              {translate(busy ? 'console.refund.refunding' : 'console.refund.confirm')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
