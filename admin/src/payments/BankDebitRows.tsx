/**
 * A bank debit's rows on the payment page: the bank account (BSB and the account's last
 * three digits only), the mandate (Direct Debit Request) reference, the date a processing debit
 * should clear by, and the disputes the customer's bank raised, with their status.
 */
import { Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DetailRow } from '../shared/DetailRow.tsx';
import { dateTime, money } from '../shared/format.ts';
import type { Payment } from '../shared/types.ts';
import { HeadRow, right } from '../shared/HeadRow.tsx';

export interface PaymentDispute {
  id: string;
  provider_dispute_id: string;
  amount: number;
  currency: string;
  reason: string | null;
  status: string;
  evidence_due_by: string | null;
  created_at: string;
}

/** What the admin API adds to a payment for bank debits and disputes. */
export type BankDebitFields = {
  method_type?: string;
  bank_account?: { bsb: string | null; last3: string | null; pay_id?: string | null } | null;
  reserved_until?: string | null;
  mandate_reference?: string | null;
  clears_by?: string | null;
  dispute_status?: string | null;
  disputes?: PaymentDispute[];
};

const bsbText = (bsb: string | null) =>
  bsb && bsb.length === 6 ? `${bsb.slice(0, 3)}-${bsb.slice(3)}` : bsb;

/** `2026-11-25` → the admin's locale date, without a time-zone shift. */
export function clearingDate(day: string | null | undefined): string {
  if (!day) return '—';
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d).toLocaleDateString('en-AU', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

export function BankDebitRows({ payment }: { payment: Payment }) {
  const translate = useTranslate();
  const p = payment as Payment & BankDebitFields;
  const row = (label: string, value: React.ReactNode) => (
    <DetailRow labelWidth={220} label={label}>
      {value}
    </DetailRow>
  );
  if (p.method_type === 'payto') return <PayToRows payment={p} row={row} />;
  if (p.method_type !== 'au_becs_debit') return null;
  return (
    <>
      {row(translate('console.bank_debit.method'), translate('console.bank_debit.method_name'))}
      {row(
        translate('console.bank_debit.bank_account'),
        p.bank_account
          ? translate('console.bank_debit.account_text', {
              bsb: bsbText(p.bank_account.bsb) ?? '—',
              last3: p.bank_account.last3 ?? '—',
            })
          : '—',
      )}
      {row(translate('console.bank_debit.mandate_reference'), <code>{p.mandate_reference ?? '—'}</code>)}
      {p.status === 'processing'
        ? row(translate('console.bank_debit.clears_by'), clearingDate(p.clears_by))
        : null}
    </>
  );
}

/** A PayTo payment: the PayID (masked) or account it was paid from, the agreement, and the approval window. */
function PayToRows({
  payment: p,
  row,
}: {
  payment: Payment & BankDebitFields;
  row: (label: string, value: React.ReactNode) => React.ReactNode;
}) {
  const translate = useTranslate();
  const account = p.bank_account;
  return (
    <>
      {row(translate('console.bank_debit.method'), translate('console.payto.method_name'))}
      {account?.pay_id
        ? row(translate('console.payto.pay_id'), account.pay_id)
        : row(
            translate('console.bank_debit.bank_account'),
            account
              ? translate('console.bank_debit.account_text', {
                  bsb: bsbText(account.bsb) ?? '—',
                  last3: account.last3 ?? '—',
                })
              : '—',
          )}
      {row(translate('console.payto.agreement'), <code>{p.mandate_reference ?? '—'}</code>)}
      {p.status === 'requires_action' && p.reserved_until
        ? row(translate('console.payto.awaiting'), dateTime(p.reserved_until))
        : null}
    </>
  );
}

/** The disputes on a payment (any method), newest last. */
export function DisputeRows({ payment }: { payment: Payment }) {
  const translate = useTranslate();
  const disputes = (payment as Payment & BankDebitFields).disputes ?? [];
  if (!disputes.length) return null;
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }} id="disputes-title">
        {translate('console.bank_debit.disputes')}
      </Typography>
      <Table size="small" aria-labelledby="disputes-title">
        <HeadRow
          columns={[
            'console.bank_debit.dispute',
            right('console.bank_debit.amount'),
            'console.bank_debit.reason',
            'console.bank_debit.status',
            'console.bank_debit.opened',
          ]}
        />
        <TableBody>
          {disputes.map((d) => (
            <TableRow key={d.id}>
              <TableCell>
                <code>{d.provider_dispute_id}</code>
              </TableCell>
              <TableCell align="right">{money(d.amount, d.currency)}</TableCell>
              <TableCell>{(d.reason ?? '—').replace(/_/g, ' ')}</TableCell>
              <TableCell>{d.status.replace(/_/g, ' ')}</TableCell>
              <TableCell>{dateTime(d.created_at)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
