/**
 * Merchant Details' Review card, for the platform operator (issue 50 item 4): whether the merchant is
 * awaiting review, approved or suspended (with the reason and when), and the decision — Approve,
 * Suspend with a reason (its links then refuse payment), or Reinstate. The owners are mailed by the
 * server; the decision is audited there.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { serverMessage } from '../data/http.ts';
import { useAction } from '../data/useAction.ts';
import { shortDate } from '../shared/format.ts';
import type { Merchant } from '../shared/types.ts';
import { AccountBadge } from './MerchantStatus.tsx';

export function ReviewPanel({ merchant }: { merchant: Merchant }) {
  const translate = useTranslate();
  const [suspending, setSuspending] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const approve = useAction((dp) => dp.approveMerchant({ id: merchant.id }), {
    success: merchant.status === 'inactive' ? 'console.review.reinstated' : 'console.review.approved',
    failure: 'console.review.failed',
    invalidate: ['merchants'],
  });
  const suspend = useAction((dp, why: string) => dp.suspendMerchant({ id: merchant.id, reason: why }), {
    success: 'console.review.suspended',
    failure: false,
    invalidate: ['merchants'],
    onSuccess: () => {
      setSuspending(false);
      setReason('');
    },
    onError: (err) => setError(serverMessage(err) ?? translate('console.review.failed', { detail: '' })),
  });
  const busy = approve.isPending || suspend.isPending;
  const status = merchant.status;

  return (
    <Card component="section" aria-labelledby="review-title">
      <CardContent>
        <Typography id="review-title" variant="h6" component="h2" gutterBottom>
          {translate('console.review.title')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <AccountBadge record={merchant} labelled testId="review-status" />
          {merchant.status_changed_at ? (
            <Typography variant="body2" color="text.secondary">
              {translate('console.review.since', { date: shortDate(merchant.status_changed_at) })}
            </Typography>
          ) : null}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate(
            status === 'pending'
              ? 'console.review.explain.pending'
              : status === 'inactive'
                ? 'console.review.explain.inactive'
                : 'console.review.explain.active',
          )}
        </Typography>
        {status === 'inactive' && merchant.status_reason ? (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {translate('console.review.reason', { reason: merchant.status_reason })}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {status !== 'active' ? (
            <Button variant="contained" color="success" onClick={() => approve.mutate()} disabled={busy}>
              {translate(status === 'inactive' ? 'console.review.reinstate' : 'console.review.approve')}
            </Button>
          ) : null}
          {status !== 'inactive' ? (
            <Button
              variant="outlined"
              color="error"
              onClick={() => {
                setError(null);
                setSuspending(true);
              }}
              disabled={busy}
            >
              {translate('console.review.suspend')}
            </Button>
          ) : null}
        </Box>
      </CardContent>
      <Dialog
        open={suspending}
        onClose={suspend.isPending ? undefined : () => setSuspending(false)}
        aria-labelledby="suspend-title"
        fullWidth
        maxWidth="sm"
      >
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!reason.trim()) return setError(translate('console.review.reason_required'));
            setError(null);
            suspend.mutate(reason.trim());
          }}
        >
          <DialogTitle id="suspend-title">
            {translate('console.review.suspend_title', { name: merchant.business_name })}
          </DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 1 }}>{translate('console.review.suspend_text')}</DialogContentText>
            <TextField
              label={translate('console.review.reason_label')}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setError(null);
              }}
              fullWidth
              multiline
              minRows={2}
              required
              autoFocus
              error={Boolean(error)}
              helperText={error ?? translate('console.review.reason_help')}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setSuspending(false)} disabled={suspend.isPending}>
              {translate('ra.action.cancel')}
            </Button>
            <Button type="submit" color="error" variant="contained" disabled={suspend.isPending}>
              {translate('console.review.suspend')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Card>
  );
}
