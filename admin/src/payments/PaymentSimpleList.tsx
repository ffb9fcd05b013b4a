/** Payments on a phone (react-admin's SimpleList): invoice and status, merchant or customer and date, amount. */
import { Box } from '@mui/material';
import { SimpleList, type SimpleListProps } from 'react-admin';
import { money, paymentTone, shortDate, type Tone } from '../shared/format.ts';
import { PaymentStatusChip } from '../shared/PaymentStatusChip.tsx';
import type { Payment } from '../shared/types.ts';

export function PaymentSimpleList({
  tone = paymentTone,
  showMerchant = true,
  ...props
}: Omit<SimpleListProps<Payment>, 'primaryText'> & {
  tone?: (status: string | null | undefined) => Tone;
  showMerchant?: boolean;
}) {
  return (
    <SimpleList<Payment>
      primaryText={(p) => (
        <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <span>{p.invoice_number}</span>
          <PaymentStatusChip status={p.status} tone={tone} />
        </Box>
      )}
      secondaryText={(p) =>
        [showMerchant ? p.merchant_name : p.customer_email, shortDate(p.created_at, p.merchant_time_zone)]
          .filter(Boolean)
          .join(' · ')
      }
      tertiaryText={(p) => money(p.amount, p.currency)}
      rowClick={(id) => `/payments/${id}`}
      {...props}
    />
  );
}
