/** A merchant's recent payments: invoice, amount, status, date, customer email, View. */
import {
  Box,
  Button,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useGetList } from 'react-admin';
import { Link } from 'react-router-dom';
import { money, paymentTone, shortDate } from '../shared/format.ts';
import { StatusChip } from '../shared/StatusChip.tsx';
import type { Payment } from '../shared/types.ts';

export function MerchantPayments({ merchantId }: { merchantId: string }) {
  const { data, isPending, error } = useGetList<Payment>('payments', {
    pagination: { page: 1, perPage: 10 },
    sort: { field: 'created_at', order: 'DESC' },
    filter: { merchant_id: merchantId },
  });
  return (
    <Card component="section" aria-labelledby="merchant-payments-title">
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography id="merchant-payments-title" variant="h6" component="h2">
            Recent Payments
          </Typography>
          <Button
            component={Link}
            to={`/payments?filter=${encodeURIComponent(JSON.stringify({ merchant_id: merchantId }))}`}
            size="small"
          >
            All payments
          </Button>
        </Box>
        {error ? (
          <Typography color="error" role="alert">
            Failed to load payment details. Please try again.
          </Typography>
        ) : isPending ? (
          <Typography color="text.secondary">Loading…</Typography>
        ) : !data?.length ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            No payments have been processed yet.
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="merchant-payments-title">
              <TableHead>
                <TableRow>
                  <TableCell>Invoice</TableCell>
                  <TableCell align="right">Amount</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Date</TableCell>
                  <TableCell>Customer Email</TableCell>
                  <TableCell>
                    <span style={{ position: 'absolute', left: -9999 }}>Actions</span>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((p) => (
                  <TableRow key={p.id}>
                    <TableCell>{p.invoice_number}</TableCell>
                    <TableCell align="right">{money(p.amount, p.currency)}</TableCell>
                    <TableCell>
                      <StatusChip status={p.status} tone={paymentTone(p.status)} />
                    </TableCell>
                    <TableCell>{shortDate(p.created_at)}</TableCell>
                    <TableCell>{p.customer_email ?? '—'}</TableCell>
                    <TableCell>
                      <Button
                        component={Link}
                        to={`/payments/${p.id}`}
                        size="small"
                        aria-label={`View payment ${p.invoice_number}`}
                      >
                        View
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
