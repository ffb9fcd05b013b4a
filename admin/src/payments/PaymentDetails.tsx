/** /admin/payments/{id}: the payment (spec §2), Sync to Xero (hidden when synced), Refund, Back to Dashboard. */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useGetOne, useNotify } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../api.ts';
import { accountingApi } from '../shared/accountingApi.ts';
import { dateTime, money, paymentTone, syncTone } from '../shared/format.ts';
import { DetailRow } from '../shared/DetailRow.tsx';
import { StatusChip } from '../shared/StatusChip.tsx';
import type { Payment } from '../shared/types.ts';
import { KIND_TEXT, refundableOf, RefundDialog } from './RefundDialog.tsx';

export const SYNC_FAILED = 'Failed to sync payment to Xero. Please try again.';
export const SYNCED = 'Payment synced to Xero';

/** The spec's text with the server's detail; the server's message may already start with it. */
function syncFailure(detail: string | null): string {
  if (!detail) return SYNC_FAILED;
  return detail.startsWith(SYNC_FAILED) ? detail : `${SYNC_FAILED} ${detail}`;
}

/** This card's labels are longer ('Provider session ID', 'Surcharge (2.95%)'): a wider label column. */
function Row(props: { label: string; children: React.ReactNode }) {
  return <DetailRow labelWidth={220} {...props} />;
}

export function PaymentDetails() {
  const { id = '' } = useParams();
  const notify = useNotify();
  const navigate = useNavigate();
  const {
    data: p,
    isPending,
    error,
    refetch,
  } = useGetOne<Payment>('payments', { id }, { retry: false, onError: () => undefined });
  const [syncing, setSyncing] = useState(false);
  const [refunding, setRefunding] = useState(false);

  if (isPending)
    return (
      <Box sx={{ py: 6, textAlign: 'center' }}>
        <CircularProgress aria-label="Loading payment" />
      </Box>
    );
  if (error || !p) {
    const missing = (error as { status?: number } | null)?.status === 404 || !error;
    return (
      <Box sx={{ py: 4 }}>
        <Alert severity={missing ? 'warning' : 'error'} role="alert">
          {missing ? 'Payment not found.' : 'Failed to load payment details. Please try again.'}
        </Alert>
        <Button component={Link} to="/dashboard" sx={{ mt: 2 }}>
          Back to Dashboard
        </Button>
      </Box>
    );
  }

  async function sync() {
    setSyncing(true);
    try {
      const result = await accountingApi.syncPayment(p!.id);
      if (result.synced) notify(SYNCED, { type: 'success' });
      else notify(syncFailure(result.message), { type: 'error' });
      await refetch();
    } catch (err) {
      notify(
        err instanceof ApiError && err.status === 401
          ? 'You must be logged in to sync payments.'
          : SYNC_FAILED,
        { type: 'error' },
      );
    } finally {
      setSyncing(false);
    }
  }

  const refundable = refundableOf(p).base > 0 && ['succeeded', 'partially_refunded'].includes(p.status);
  const synced = p.xero_sync_status === 'synced';
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      {p.invoice_overpaid ? (
        <Alert severity="warning" role="alert">
          Invoice {p.invoice_number} is overpaid: more was paid through us than the invoice owed. Refund the
          difference.
        </Alert>
      ) : null}
      <Card component="section" aria-labelledby="payment-title">
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
            <Typography id="payment-title" variant="h5" component="h2">
              Invoice {p.invoice_number}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button startIcon={<ArrowBackIcon />} onClick={() => navigate('/dashboard')}>
                Back to Dashboard
              </Button>
              {!synced ? (
                <Button variant="contained" onClick={sync} disabled={syncing}>
                  {syncing ? 'Syncing...' : 'Sync to Xero'}
                </Button>
              ) : null}
              {refundable ? (
                <Button variant="outlined" color="error" onClick={() => setRefunding(true)}>
                  Refund
                </Button>
              ) : null}
            </Box>
          </Box>
          <Box component="dl" sx={{ mt: 2, mb: 0 }}>
            <Row label="Invoice number">
              {p.invoice_id ? (
                <Link to={`/invoices/${p.invoice_id}`}>{p.invoice_number}</Link>
              ) : (
                p.invoice_number
              )}
            </Row>
            <Row label="Merchant">
              {p.merchant_name ? (
                <Link to={`/merchants/${p.merchant_id}`}>{p.merchant_name}</Link>
              ) : (
                <Link to={`/merchants/${p.merchant_id}`}>{p.merchant_id}</Link>
              )}
            </Row>
            <Row label="Amount">{money(p.amount, p.currency)}</Row>
            <Row label={`Surcharge (${p.surcharge_percentage}%)`}>{money(p.surcharge, p.currency)}</Row>
            <Row label="Total amount">{money(p.total_amount, p.currency)}</Row>
            {p.refunded_amount > 0 ? (
              <Row label="Refunded">
                {money(p.refunded_amount + p.refunded_surcharge, p.currency)} (
                {money(p.refunded_amount, p.currency)} of the invoice)
              </Row>
            ) : null}
            <Row label="Status">
              <StatusChip status={p.status} tone={paymentTone(p.status)} />
            </Row>
            {p.failure_message ? <Row label="Failure">{p.failure_message}</Row> : null}
            <Row label="Customer email">{p.customer_email ?? '—'}</Row>
            {p.card ? (
              <Row label="Card">{`${p.card.brand ?? 'card'} •••• ${p.card.last4}${p.card.funding ? ` (${p.card.funding})` : ''}`}</Row>
            ) : null}
            <Row label="Provider session ID">
              <code>{p.session_id ?? p.payment_intent_id ?? '—'}</code>
            </Row>
            <Row label="Accounting sync">
              <StatusChip status={p.xero_sync_status ?? 'not synced'} tone={syncTone(p.xero_sync_status)} />
              {p.xero_sync_time ? <span style={{ marginLeft: 8 }}>{dateTime(p.xero_sync_time)}</span> : null}
              {p.xero_sync_error ? (
                <span style={{ display: 'block', color: '#b71c1c' }}>{p.xero_sync_error}</span>
              ) : null}
            </Row>
            <Row label="Platform fee">{money(p.platform_fee, p.currency)}</Row>
            <Row label="Created on">{dateTime(p.created_at)}</Row>
          </Box>
        </CardContent>
      </Card>
      {p.refunds?.length ? (
        <Card component="section" aria-labelledby="refunds-title">
          <CardContent>
            <Typography id="refunds-title" variant="h6" component="h2">
              Refunds
            </Typography>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Date</TableCell>
                  <TableCell align="right">Invoice part</TableCell>
                  <TableCell align="right">Surcharge</TableCell>
                  <TableCell align="right">Total</TableCell>
                  <TableCell>Kind</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Reason</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {p.refunds.map((r) => (
                  <TableRow key={r.id}>
                    <TableCell>{dateTime(r.created_at)}</TableCell>
                    <TableCell align="right">{money(r.amount, p.currency)}</TableCell>
                    <TableCell align="right">{money(r.surcharge, p.currency)}</TableCell>
                    <TableCell align="right">{money(r.total_amount, p.currency)}</TableCell>
                    <TableCell title={KIND_TEXT[r.kind]?.help}>
                      {KIND_TEXT[r.kind]?.label ?? r.kind}
                    </TableCell>
                    <TableCell>
                      <StatusChip status={r.status} tone={paymentTone(r.status)} />
                    </TableCell>
                    <TableCell>{r.reason ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
      ) : null}
      <RefundDialog
        payment={p}
        open={refunding}
        onClose={() => setRefunding(false)}
        onFailed={() => void refetch()}
        onRefunded={(message) => {
          setRefunding(false);
          notify(message, { type: 'success' });
          void refetch();
        }}
      />
    </Box>
  );
}
