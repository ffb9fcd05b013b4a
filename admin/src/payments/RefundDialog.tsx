/**
 * Refund, full or partial (DESIGN §3.8): the admin enters the invoice part to give back (default:
 * all that is left) and says what it means for the invoice — a credit (default: goods returned or a
 * price reduced; the refunded part is no longer owed) or a re-open (the customer still owes it) —;
 * the customer also gets the surcharge on that part back. A second step confirms.
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
import { fromMinorUnits, surchargeReturned, toMinorUnits } from '../../../core/money.ts';
import { useNotify } from 'react-admin';
import { apiFetch, messageOf } from '../api.ts';
import { money } from '../shared/format.ts';
import type { Payment } from '../shared/types.ts';

export const REFUND_INVALID = 'Please enter a valid refund amount.';
export const REFUND_FAILED = 'Failed to refund payment. Please try again.';

export type RefundKind = 'credit' | 'reopen';

export const KIND_TEXT: Record<RefundKind, { label: string; help: string; effect: string }> = {
  credit: {
    label: 'Credit',
    help: 'Goods returned or price reduced: the refunded part is no longer owed.',
    effect: 'The invoice balance does not change.',
  },
  reopen: {
    label: 'Re-open',
    help: 'The customer still owes it: the refunded part is due on the invoice again.',
    effect: 'The refunded part is due on the invoice again.',
  },
};

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
  const notify = useNotify();
  const left = refundableOf(payment);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [kind, setKind] = useState<RefundKind>('credit');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) {
      setAmount(fromMinorUnits(left.base, payment.currency));
      setReason('');
      setKind('credit');
      setError(null);
      setConfirming(null);
      setBusy(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  /** The server's rule: the surcharge's share of everything refunded so far, less what went back already. */
  function surchargeFor(base: number): number {
    const after = surchargeReturned(payment, payment.refunded_amount + base);
    return Math.min(left.surcharge, Math.max(0, after - payment.refunded_surcharge));
  }

  function review(e: FormEvent) {
    e.preventDefault();
    const minor = toMinorUnits(amount.trim(), payment.currency);
    if (minor === null || minor <= 0) {
      setError(REFUND_INVALID);
      return;
    }
    if (minor > left.base) {
      setError(`Refund amount cannot exceed the refundable amount of ${money(left.base, payment.currency)}.`);
      return;
    }
    setError(null);
    setConfirming(minor);
  }

  async function refund() {
    if (confirming === null) return;
    setBusy(true);
    try {
      await apiFetch(`/api/admin/payments/${payment.id}/refund`, {
        method: 'POST',
        body: { amount: confirming, reason: reason.trim() || null, kind },
      });
      onRefunded(`Refund of ${money(confirming + surchargeFor(confirming), payment.currency)} issued`);
    } catch (err) {
      // The server's reason (e.g. the amount left changed meanwhile); never a bare 'Internal error'.
      const message = messageOf(err, REFUND_FAILED);
      setError(message);
      notify(message, { type: 'error' });
      onFailed?.();
      setConfirming(null);
      setBusy(false);
    }
  }

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
          <DialogTitle id="refund-title">Refund payment</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 1 }}>
              Refundable: {money(left.base, payment.currency)} of the invoice amount (plus its surcharge).
            </DialogContentText>
            {error ? (
              <Alert severity="error" role="alert" sx={{ mb: 1 }}>
                {error}
              </Alert>
            ) : null}
            <TextField
              label={`Refund amount (${payment.currency})`}
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value.replace(/[^\d.]/g, ''));
                setError(null);
              }}
              fullWidth
              margin="dense"
              autoFocus
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              helperText="The part of the invoice amount to give back"
            />
            <FormControl sx={{ mt: 1 }}>
              <FormLabel id="refund-kind-label">What does this refund mean for the invoice?</FormLabel>
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
                    label={`${KIND_TEXT[k].label}: ${KIND_TEXT[k].help}`}
                  />
                ))}
              </RadioGroup>
            </FormControl>
            <TextField
              label="Reason (optional)"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              fullWidth
              margin="dense"
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained">
              Review refund
            </Button>
          </DialogActions>
        </form>
      ) : (
        <>
          <DialogTitle id="refund-title">Confirm refund</DialogTitle>
          <DialogContent>
            <DialogContentText>
              Refund {money(confirming, payment.currency)} of invoice {payment.invoice_number}
              {surchargeFor(confirming) > 0
                ? ` plus ${money(surchargeFor(confirming), payment.currency)} surcharge`
                : ''}{' '}
              (total {money(confirming + surchargeFor(confirming), payment.currency)}) to the customer's card?
              This cannot be undone.
            </DialogContentText>
            <DialogContentText sx={{ mt: 1 }}>
              {KIND_TEXT[kind].label}: {KIND_TEXT[kind].effect}
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirming(null)} disabled={busy}>
              Back
            </Button>
            <Button color="error" variant="contained" onClick={refund} disabled={busy}>
              {busy ? 'Refunding...' : 'Confirm refund'}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
