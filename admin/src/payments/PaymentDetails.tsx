/**
 * /admin/payments/{id}: the payment (spec §2), Sync to Xero (to the merchant's Xero or QuickBooks, or
 * its automation webhook; hidden when synced, and when nothing is connected — issue 50 item 9), Refund,
 * Back to Dashboard.
 */
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
  TableContainer,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useGetOne, useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { statusOf } from '../data/http.ts';
import { useAction } from '../data/useAction.ts';
import { dateTime, money, paymentTone, syncTone } from '../shared/format.ts';
import { DetailRow } from '../shared/DetailRow.tsx';
import { StatusChip } from '../shared/StatusChip.tsx';
import { PaymentStatusChip } from '../shared/PaymentStatusChip.tsx';
import type { Payment } from '../shared/types.ts';
import { BankDebitRows, DisputeRows } from './BankDebitRows.tsx';
import { MethodMismatch } from './MethodMismatch.tsx';
import { HoldNotice } from './HoldNotice.tsx';
import { can, isAdmin } from '../access.ts';
import { RefundAccountingRecords } from './RefundAccountingRecords.tsx';
import { KIND_TEXT, refundableOf, RefundDialog } from './RefundDialog.tsx';
import { HeadRow, right } from '../shared/HeadRow.tsx';

/** The spec's text with the server's detail; the server's message may already start with it. */
function syncFailure(failed: string, detail: string | null): string {
  if (!detail) return failed;
  return detail.startsWith(failed) ? detail : `${failed} ${detail}`;
}

/** This card's labels are longer ('Provider session ID', 'Surcharge (2.95%)'): a wider label column. */
function Row(props: { label: string; children: React.ReactNode }) {
  return <DetailRow labelWidth={220} {...props} />;
}

export function PaymentDetails() {
  const { id = '' } = useParams();
  const notify = useNotify();
  const translate = useTranslate();
  const navigate = useNavigate();
  const {
    data: p,
    isPending,
    error,
    refetch,
  } = useGetOne<Payment>('payments', { id }, { retry: false, onError: () => undefined });
  const [refunding, setRefunding] = useState(false);
  const sync = useAction((dp) => dp.syncPayment({ id }), {
    invalidate: ['payments'],
    // The server says what happened at each target, or that there is nothing to sync to.
    success: (result) => (result.synced && !result.message ? 'console.payments.synced' : false),
    failure: (err) =>
      statusOf(err) === 401 ? 'console.payments.sync_signed_out' : 'console.payments.sync_failed',
    onSuccess: (result) => {
      if (result.synced) {
        if (result.message) notify(result.message, { type: 'success' });
      } else if (result.mode === 'nothing') notify(result.message ?? '', { type: 'info' });
      else notify(syncFailure(translate('console.payments.sync_failed'), result.message), { type: 'error' });
    },
  });

  if (isPending)
    return (
      <Box sx={{ py: 6, textAlign: 'center' }}>
        <CircularProgress aria-label={translate('console.payments.loading')} />
      </Box>
    );
  if (error || !p) {
    const missing = statusOf(error) === 404 || !error;
    return (
      <Box sx={{ py: 4 }}>
        <Alert severity={missing ? 'warning' : 'error'} role="alert">
          {translate(missing ? 'console.payments.not_found' : 'console.payments.load_failed')}
        </Alert>
        <Button component={Link} to="/dashboard" sx={{ mt: 2 }}>
          {translate('console.payments.back')}
        </Button>
      </Box>
    );
  }

  const refundable = refundableOf(p).base > 0 && ['succeeded', 'partially_refunded'].includes(p.status);
  const synced = p.xero_sync_status === 'synced';
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {p.invoice_overpaid ? (
        <Alert severity="warning" role="alert">
          {translate('console.payments.overpaid', { invoice: p.invoice_number })}
        </Alert>
      ) : null}
      <MethodMismatch payment={p} />
      {can('payments.adjust', p.merchant_id) ? (
        <HoldNotice payment={p} onChanged={() => void refetch()} />
      ) : null}
      <Card component="section" aria-labelledby="payment-title">
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
            <Typography id="payment-title" variant="h5" component="h2">
              {translate('console.payments.heading', { invoice: p.invoice_number })}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button
                startIcon={<ArrowBackIcon />}
                onClick={() => navigate(isAdmin() ? '/dashboard' : '/payments')}
              >
                {translate('console.payments.back')}
              </Button>
              {!synced && p.sync_targets?.length && can('accounting.manage', p.merchant_id) ? (
                <Button variant="contained" onClick={() => sync.mutate()} disabled={sync.isPending}>
                  {translate(sync.isPending ? 'console.payments.syncing' : 'console.payments.sync')}
                </Button>
              ) : null}
              {refundable && can('payments.refund', p.merchant_id) ? (
                <Button variant="outlined" color="error" onClick={() => setRefunding(true)}>
                  {translate('console.payments.refund')}
                </Button>
              ) : null}
            </Box>
          </Box>
          <Box component="dl" sx={{ mt: 2, mb: 0 }}>
            <Row label={translate('console.payments.fields.invoice_number')}>
              {p.invoice_id ? (
                <Link to={`/invoices/${p.invoice_id}`}>{p.invoice_number}</Link>
              ) : (
                p.invoice_number
              )}
            </Row>
            <Row label={translate('console.payments.fields.merchant')}>
              {p.merchant_name ? (
                <Link to={`/merchants/${p.merchant_id}`}>{p.merchant_name}</Link>
              ) : (
                <Link to={`/merchants/${p.merchant_id}`}>{p.merchant_id}</Link>
              )}
            </Row>
            <Row label={translate('console.payments.fields.amount')}>{money(p.amount, p.currency)}</Row>
            <Row
              label={
                p.surcharge_capped
                  ? translate('console.payments.fields.surcharge_capped', {
                      percent: p.surcharge_percentage,
                      cap: money(p.surcharge, p.currency),
                    })
                  : translate('console.payments.fields.surcharge', { percent: p.surcharge_percentage })
              }
            >
              {money(p.surcharge, p.currency)}
            </Row>
            <Row label={translate('console.payments.fields.total_amount')}>
              {money(p.total_amount, p.currency)}
            </Row>
            {p.refunded_amount > 0 ? (
              <Row label={translate('console.payments.fields.refunded')}>
                {translate('console.payments.refunded_detail', {
                  total: money(p.refunded_amount + p.refunded_surcharge, p.currency),
                  base: money(p.refunded_amount, p.currency),
                })}
              </Row>
            ) : null}
            <Row label={translate('console.payments.fields.status')}>
              <PaymentStatusChip status={p.status} />
            </Row>
            {p.failure_message ? (
              <Row label={translate('console.payments.fields.failure')}>{p.failure_message}</Row>
            ) : null}
            <Row label={translate('console.payments.fields.customer_email')}>{p.customer_email ?? '—'}</Row>
            {p.reference ? (
              <Row label={translate('console.payments.fields.reference')}>{p.reference}</Row>
            ) : null}
            {Object.keys(p.metadata ?? {}).length ? (
              <Row label={translate('console.payments.fields.metadata')}>
                <dl className="metadata-list" style={{ margin: 0 }}>
                  {Object.entries(p.metadata).map(([key, value]) => (
                    <div key={key} style={{ display: 'flex', gap: 8 }}>
                      <dt>
                        <code>{key}</code>
                      </dt>
                      <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{value}</dd>
                    </div>
                  ))}
                </dl>
              </Row>
            ) : null}
            {p.card ? (
              <Row
                label={translate('console.payments.fields.card')}
              >{`${p.card.brand ?? 'card'} •••• ${p.card.last4}${p.card.funding ? ` (${p.card.funding})` : ''}`}</Row>
            ) : null}
            <BankDebitRows payment={p} />
            <Row label={translate('console.payments.fields.session_id')}>
              <code>{p.session_id ?? p.payment_intent_id ?? '—'}</code>
            </Row>
            <Row label={translate('console.payments.fields.sync')}>
              <StatusChip
                status={p.xero_sync_status ?? 'not synced'}
                tone={syncTone(p.xero_sync_status)}
                label={p.xero_sync_status ? undefined : translate('console.payments.not_synced')}
              />
              {p.xero_sync_time ? <span style={{ marginLeft: 8 }}>{dateTime(p.xero_sync_time)}</span> : null}
              {p.xero_sync_error ? (
                <Box component="span" sx={{ display: 'block', color: 'error.main' }}>
                  {p.xero_sync_error}
                </Box>
              ) : null}
            </Row>
            <Row label={translate('console.payments.fields.platform_fee')}>
              {money(p.platform_fee, p.currency)}
            </Row>
            <Row label={translate('console.payments.fields.created_at')}>
              {dateTime(p.created_at, p.merchant_time_zone)}
            </Row>
          </Box>
          <DisputeRows payment={p} />
        </CardContent>
      </Card>
      {p.refunds?.length ? (
        <Card component="section" aria-labelledby="refunds-title">
          <CardContent>
            <Typography id="refunds-title" variant="h6" component="h2">
              {translate('console.payments.refunds.title')}
            </Typography>
            <TableContainer
              sx={{ position: 'relative' }}
              tabIndex={0}
              role="region"
              aria-labelledby="refunds-title"
            >
              <Table size="small">
                <HeadRow
                  columns={[
                    'console.payments.refunds.date',
                    right('console.payments.refunds.invoice_part'),
                    right('console.payments.refunds.surcharge'),
                    right('console.payments.refunds.total'),
                    'console.payments.refunds.kind',
                    'console.payments.refunds.status',
                    'console.payments.refunds.reason',
                  ]}
                />
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
            </TableContainer>
          </CardContent>
        </Card>
      ) : null}
      <RefundAccountingRecords
        paymentId={p.id}
        refundCount={p.refunds?.length ?? 0}
        canRetry={can('accounting.manage', p.merchant_id)}
      />
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
