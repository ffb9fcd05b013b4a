/**
 * The 5 latest payments (Invoice, Merchant, Amount, Date, Status); a row opens the payment. A
 * SimpleList on phones. Only money received or on its way (RECENT_STATUSES): declined, abandoned
 * and expired attempts would otherwise fill it after one bad card (they stay in All Payments).
 */
import {
  Box,
  Button,
  Card,
  CardContent,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { ListBase, useListContext, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { PaymentSimpleList } from '../payments/PaymentSimpleList.tsx';
import { dashboardTone, money, shortDate } from '../shared/format.ts';
import { breakAnywhere } from '../layout/theme.ts';
import { ResponsiveList } from '../shared/responsive.tsx';
import { PaymentStatusChip } from '../shared/PaymentStatusChip.tsx';
import type { Payment } from '../shared/types.ts';
import type { PaymentStatus } from '../../../core/payment-status.ts';
import { HeadRow, right } from '../shared/HeadRow.tsx';

export const RECENT_PAYMENTS = 5;
export const RECENT_STATUSES: readonly PaymentStatus[] = [
  'succeeded',
  'processing',
  'partially_refunded',
  'refunded',
];

function RecentTable() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { data = [] } = useListContext<Payment>();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-labelledby="recent-title">
        <HeadRow
          columns={[
            'console.payments.columns.invoice',
            'console.payments.columns.merchant',
            right('console.payments.columns.amount'),
            'console.payments.columns.date',
            'console.payments.columns.status',
          ]}
        />
        <TableBody>
          {data.map((p) => (
            <TableRow
              key={p.id}
              hover
              tabIndex={0}
              sx={{ cursor: 'pointer' }}
              aria-label={translate('console.payments.row_label', { invoice: p.invoice_number })}
              onClick={() => navigate(`/payments/${p.id}`)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  navigate(`/payments/${p.id}`);
                }
              }}
            >
              <TableCell sx={breakAnywhere}>{p.invoice_number}</TableCell>
              <TableCell>{p.merchant_name ?? '—'}</TableCell>
              <TableCell align="right">{money(p.amount, p.currency)}</TableCell>
              <TableCell>{shortDate(p.created_at, p.merchant_time_zone)}</TableCell>
              <TableCell>
                <PaymentStatusChip status={p.status} tone={dashboardTone} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function RecentBody() {
  const translate = useTranslate();
  const { data, isPending, error } = useListContext<Payment>();
  if (error)
    return (
      <Typography color="error" role="alert">
        {translate('console.payments.load_failed')}
      </Typography>
    );
  if (isPending)
    return (
      <Box data-testid="recent-skeleton">
        {Array.from({ length: RECENT_PAYMENTS }, (_, i) => (
          <Skeleton key={i} variant="text" height={36} />
        ))}
      </Box>
    );
  if (!data?.length)
    return (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
        {translate('console.payments.none')}
      </Typography>
    );
  return <ResponsiveList phone={<PaymentSimpleList tone={dashboardTone} />} wide={<RecentTable />} />;
}

export function RecentPayments() {
  const translate = useTranslate();
  return (
    <Card component="section" aria-labelledby="recent-title">
      <CardContent>
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            flexWrap: 'wrap',
            gap: 1,
          }}
        >
          <Typography id="recent-title" variant="h6" component="h2">
            {translate('console.payments.recent')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button component={Link} to="/payments" size="small">
              {translate('console.dashboard.all_payments')}
            </Button>
            <Button component={Link} to="/merchants" size="small">
              {translate('console.dashboard.all_merchants')}
            </Button>
          </Box>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {translate('console.dashboard.recent_note')}
        </Typography>
        <ListBase<Payment>
          resource="payments"
          sort={{ field: 'created_at', order: 'DESC' }}
          perPage={RECENT_PAYMENTS}
          filter={{ status: RECENT_STATUSES }}
          disableSyncWithLocation
          queryOptions={{ onError: () => undefined }}
        >
          <RecentBody />
        </ListBase>
      </CardContent>
    </Card>
  );
}
