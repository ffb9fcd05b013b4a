/** The 5 latest payments (Invoice, Merchant, Amount, Date, Status); a row opens the payment. */
import {
  Box,
  Button,
  Card,
  CardContent,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useGetList } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { dashboardTone, money, shortDate } from '../shared/format.ts';
import { StatusChip } from '../shared/StatusChip.tsx';
import type { Payment } from '../shared/types.ts';

export const RECENT_PAYMENTS = 5;

export function RecentPayments() {
  const navigate = useNavigate();
  const { data, isPending, error } = useGetList<Payment>('payments', {
    pagination: { page: 1, perPage: RECENT_PAYMENTS },
    sort: { field: 'created_at', order: 'DESC' },
  });
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
            Recent Payments
          </Typography>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button component={Link} to="/payments" size="small">
              View all payments
            </Button>
            <Button component={Link} to="/merchants" size="small">
              View all merchants
            </Button>
          </Box>
        </Box>
        {error ? (
          <Typography color="error" role="alert">
            Failed to load payment details. Please try again.
          </Typography>
        ) : isPending ? (
          <Box data-testid="recent-skeleton">
            {Array.from({ length: RECENT_PAYMENTS }, (_, i) => (
              <Skeleton key={i} variant="text" height={36} />
            ))}
          </Box>
        ) : !data?.length ? (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            No payments have been processed yet.
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="recent-title">
              <TableHead>
                <TableRow>
                  <TableCell>Invoice</TableCell>
                  <TableCell>Merchant</TableCell>
                  <TableCell align="right">Amount</TableCell>
                  <TableCell>Date</TableCell>
                  <TableCell>Status</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((p) => (
                  <TableRow
                    key={p.id}
                    hover
                    tabIndex={0}
                    sx={{ cursor: 'pointer' }}
                    aria-label={`Payment ${p.invoice_number}`}
                    onClick={() => navigate(`/payments/${p.id}`)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        navigate(`/payments/${p.id}`);
                      }
                    }}
                  >
                    <TableCell>{p.invoice_number}</TableCell>
                    <TableCell>{p.merchant_name ?? '—'}</TableCell>
                    <TableCell align="right">{money(p.amount, p.currency)}</TableCell>
                    <TableCell>{shortDate(p.created_at)}</TableCell>
                    <TableCell>
                      <StatusChip status={p.status} tone={dashboardTone(p.status)} />
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
