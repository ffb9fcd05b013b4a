/**
 * The balance and every term it is made of (DESIGN §3.3), in plain words (issue 50 item 7: "Paid
 * here", "Recorded in Xero or QuickBooks", "Your invoice said …"), with the formula behind a "How
 * this is worked out" toggle:
 * balance = max(0, min(A − (P + W − S), min over credible, undismissed observations of remaining_i)),
 * the term that caps it now named, and why the invoice needs attention, if it does.
 */
import { Alert, Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DetailRow } from '../shared/DetailRow.tsx';
import { dateTime, money } from '../shared/format.ts';
import type { InvoiceLedger } from './types.ts';

export function AttentionNotes({ ledger }: { ledger: InvoiceLedger }) {
  const translate = useTranslate();
  const { terms, invoice } = ledger;
  const m = (v: number | null) => money(v, invoice.currency);
  if (terms.attention === 'overpaid')
    return (
      <Alert severity="warning" role="alert">
        {translate('console.ledger.notes.overpaid', { amount: m(terms.overpaid_amount) })}
      </Alert>
    );
  if (terms.attention === 'below_minimum')
    return (
      <Alert severity="warning" role="alert">
        {translate('console.ledger.notes.below_minimum', {
          amount: m(terms.balance),
          minimum: m(terms.minimum),
        })}
      </Alert>
    );
  if (terms.attention === 'capped')
    return (
      <Alert severity="warning" role="alert">
        {translate('console.ledger.notes.capped')}
      </Alert>
    );
  return null;
}

export function LedgerTerms({ ledger }: { ledger: InvoiceLedger }) {
  const translate = useTranslate();
  const { terms, invoice, observations } = ledger;
  const m = (v: number | null) => money(v, invoice.currency);
  const capping = terms.capping ? observations.find((o) => o.id === terms.capping!.observationId) : null;
  return (
    <>
      <Box component="dl" sx={{ m: 0 }}>
        <DetailRow label={translate('console.ledger.terms.balance')} labelWidth={260}>
          <Typography component="span" sx={{ fontWeight: 700 }}>
            {terms.balance === null ? translate('console.ledger.terms.unbounded') : m(terms.balance)}
          </Typography>
          {terms.below_minimum
            ? translate('console.ledger.terms.below_minimum', { minimum: m(terms.minimum) })
            : ''}
        </DetailRow>
        <DetailRow label={translate('console.ledger.terms.capped_by')} labelWidth={260}>
          {capping
            ? translate(
                terms.capping!.kind === 'credible_observation'
                  ? 'console.ledger.terms.capped_by_observation'
                  : 'console.ledger.terms.capped_by_link',
                {
                  amount: m(capping.amount),
                  date: dateTime(capping.observed_at),
                  leaves: m(Math.max(0, capping.remaining)),
                },
              )
            : translate('console.ledger.terms.nothing')}
        </DetailRow>
        <DetailRow label={translate('console.ledger.terms.paid')} labelWidth={260}>
          {m(terms.paid)}
        </DetailRow>
        <DetailRow label={translate('console.ledger.terms.in_flight')} labelWidth={260}>
          {m(terms.reserved)}
        </DetailRow>
        <DetailRow label={translate('console.ledger.terms.written_off')} labelWidth={260}>
          {m(terms.written_off)}
        </DetailRow>
        <DetailRow label={translate('console.ledger.terms.written_back')} labelWidth={260}>
          {m(terms.s_now)}
        </DetailRow>
        <DetailRow label={translate('console.ledger.terms.credible_limit')} labelWidth={260}>
          {terms.credible_limit === null
            ? translate('console.ledger.terms.none_yet')
            : m(terms.credible_limit)}
        </DetailRow>
        {terms.overpaid_amount > 0 ? (
          <DetailRow label={translate('console.ledger.terms.overpaid')} labelWidth={260}>
            {m(terms.overpaid_amount)}
          </DetailRow>
        ) : null}
      </Box>
      <Box component="details" sx={{ mt: 1 }}>
        <Box component="summary" sx={{ cursor: 'pointer', color: 'text.secondary' }}>
          {translate('console.ledger.terms.how')}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('console.ledger.terms.formula')}
        </Typography>
      </Box>
    </>
  );
}
