/** A merchant's recent payments: invoice, amount, status, date, customer email, View (a SimpleList on phones). */
import {
  Box,
  Button,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { ListBase, useListContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { PaymentSimpleList } from '../payments/PaymentSimpleList.tsx';
import { money, shortDate } from '../shared/format.ts';
import { breakAnywhere } from '../layout/theme.ts';
import { ResponsiveList } from '../shared/responsive.tsx';
import { PaymentStatusChip } from '../shared/PaymentStatusChip.tsx';
import type { Payment } from '../shared/types.ts';
import { HeadRow, hidden, right } from '../shared/HeadRow.tsx';

function PaymentsTable() {
  const translate = useTranslate();
  const { data = [] } = useListContext<Payment>();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-labelledby="merchant-payments-title">
        <HeadRow
          columns={[
            'console.payments.columns.invoice',
            right('console.payments.columns.amount'),
            'console.payments.columns.status',
            'console.payments.columns.date',
            'console.payments.columns.customer_email',
            hidden('console.common.actions'),
          ]}
        />
        <TableBody>
          {data.map((p) => (
            <TableRow key={p.id}>
              <TableCell sx={breakAnywhere}>{p.invoice_number}</TableCell>
              <TableCell align="right">{money(p.amount, p.currency)}</TableCell>
              <TableCell>
                <PaymentStatusChip status={p.status} />
              </TableCell>
              <TableCell>{shortDate(p.created_at, p.merchant_time_zone)}</TableCell>
              <TableCell>{p.customer_email ?? '—'}</TableCell>
              <TableCell>
                <Button
                  component={Link}
                  to={`/payments/${p.id}`}
                  size="small"
                  aria-label={translate('console.payments.view_named', { invoice: p.invoice_number })}
                >
                  {translate('console.payments.view')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function PaymentsBody() {
  const translate = useTranslate();
  const { data, isPending, error } = useListContext<Payment>();
  if (error)
    return (
      <Typography color="error" role="alert">
        {translate('console.payments.load_failed')}
      </Typography>
    );
  if (isPending) return <Typography color="text.secondary">{translate('console.common.loading')}</Typography>;
  if (!data?.length)
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {translate('console.payments.none')}
      </Typography>
    );
  return <ResponsiveList phone={<PaymentSimpleList showMerchant={false} />} wide={<PaymentsTable />} />;
}

export function MerchantPayments({ merchantId }: { merchantId: string }) {
  const translate = useTranslate();
  return (
    <Card component="section" aria-labelledby="merchant-payments-title">
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography id="merchant-payments-title" variant="h6" component="h2">
            {translate('console.payments.recent')}
          </Typography>
          <Button
            component={Link}
            to={`/payments?filter=${encodeURIComponent(JSON.stringify({ merchant_id: merchantId }))}`}
            size="small"
          >
            {translate('console.payments.all')}
          </Button>
        </Box>
        <ListBase<Payment>
          resource="payments"
          filter={{ merchant_id: merchantId }}
          sort={{ field: 'created_at', order: 'DESC' }}
          perPage={10}
          disableSyncWithLocation
          queryOptions={{ onError: () => undefined }}
        >
          <PaymentsBody />
        </ListBase>
      </CardContent>
    </Card>
  );
}
