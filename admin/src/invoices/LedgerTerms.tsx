/**
 * The balance and every term it is made of (DESIGN §3.3), in the order of the formula:
 * balance = max(0, min(A − (P + W − S), min over credible, undismissed observations of remaining_i)),
 * with the term that caps it now named, and why the invoice needs attention, if it does.
 */
import { Alert, Box, Typography } from '@mui/material';
import { DetailRow } from '../shared/DetailRow.tsx';
import { dateTime, money } from '../shared/format.ts';
import type { InvoiceLedger } from './types.ts';

export function AttentionNotes({ ledger }: { ledger: InvoiceLedger }) {
  const { terms, invoice } = ledger;
  const m = (v: number | null) => money(v, invoice.currency);
  if (terms.attention === 'overpaid')
    return (
      <Alert severity="warning" role="alert">
        More was paid through us than the credible observations say the invoice owed: overpaid by{' '}
        {m(terms.overpaid_amount)}. Refund the difference.
      </Alert>
    );
  if (terms.attention === 'below_minimum')
    return (
      <Alert severity="warning" role="alert">
        {m(terms.balance)} is left, below the card minimum of {m(terms.minimum)}: it can't be paid by card.
        Write it off, or collect it another way.
      </Alert>
    );
  if (terms.attention === 'capped')
    return (
      <Alert severity="warning" role="alert">
        A link seen here says more is due than a credible observation allows; its customer was told to contact
        the merchant. If the capping observation is wrong (e.g. a link typed by hand and paid), dismiss it; if
        the link is stale, dismiss the link.
      </Alert>
    );
  return null;
}

export function LedgerTerms({ ledger }: { ledger: InvoiceLedger }) {
  const { terms, invoice, observations } = ledger;
  const m = (v: number | null) => money(v, invoice.currency);
  const capping = terms.capping ? observations.find((o) => o.id === terms.capping!.observationId) : null;
  return (
    <Box component="dl" sx={{ m: 0 }}>
      <DetailRow label="Balance" labelWidth={260}>
        <Typography component="span" sx={{ fontWeight: 700 }}>
          {terms.balance === null ? 'Not bounded: no link carried an amount' : m(terms.balance)}
        </Typography>
        {terms.below_minimum ? ` (below the card minimum of ${m(terms.minimum)})` : ''}
      </DetailRow>
      <DetailRow label="Capped by" labelWidth={260}>
        {capping
          ? `${terms.capping!.kind === 'credible_observation' ? 'Credible observation' : 'The latest link seen'}: ${m(capping.amount)} seen ${dateTime(capping.observed_at)} (leaves ${m(Math.max(0, capping.remaining))})`
          : 'Nothing'}
      </DetailRow>
      <DetailRow label="P: paid through us (net of refunds)" labelWidth={260}>
        {m(terms.paid)}
      </DetailRow>
      <DetailRow label="P: in flight" labelWidth={260}>
        {m(terms.reserved)}
      </DetailRow>
      <DetailRow label="W: written off (write-offs, credit refunds)" labelWidth={260}>
        {m(terms.written_off)}
      </DetailRow>
      <DetailRow label="S(now): written back" labelWidth={260}>
        {m(terms.s_now)}
      </DetailRow>
      <DetailRow label="Credible limit (min of A + S)" labelWidth={260}>
        {terms.credible_limit === null ? 'None yet' : m(terms.credible_limit)}
      </DetailRow>
      {terms.overpaid_amount > 0 ? (
        <DetailRow label="Overpaid" labelWidth={260}>
          {m(terms.overpaid_amount)}
        </DetailRow>
      ) : null}
    </Box>
  );
}
