/**
 * /admin/invoices/{id}: the invoice page (DESIGN §3.3) — the balance with every term of its formula
 * and the term that caps it, each observation, payment, refund, write-back and write-off — and the
 * actions on it: dismiss an observation, write off a remainder below the card minimum, mark a
 * payment, refund or write-off recorded. Every action is audited on the server and shows the page
 * after it. The page is read with the data provider's `getInvoiceLedger`, and each action is one of
 * its methods (`dismissObservation`, `writeOff`, `markWriteOffRecorded`, `markRecorded`) run as an
 * action: a notification either way, and the views of what changed read again.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import type { ConsoleDataProvider } from '../data/dataProvider.ts';
import { serverMessage, statusOf } from '../data/http.ts';
import { useAction, useDataQuery } from '../data/useAction.ts';
import { money } from '../shared/format.ts';
import { StatusChip } from '../shared/StatusChip.tsx';
import { LedgerTables } from './LedgerTables.tsx';
import { AttentionNotes, LedgerTerms } from './LedgerTerms.tsx';
import { ReasonDialog } from './ReasonDialog.tsx';
import { ATTENTION_LABEL, type LedgerObservation } from './types.ts';
import { can } from '../access.ts';

type Dialog = { kind: 'dismiss'; observation: LedgerObservation } | { kind: 'write-off' } | null;

/** An action on the invoice page: the data-provider call, and the notification (an i18n key) once done. */
interface InvoiceAction {
  run(dp: ConsoleDataProvider): Promise<unknown>;
  done: string;
  args?: Record<string, unknown>;
}

export function InvoicePage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const key = ['invoice-ledger', id];
  const { data: ledger, error } = useDataQuery(key, (dp) => dp.getInvoiceLedger({ id }), { retry: false });
  const action = useAction((dp, a: InvoiceAction) => a.run(dp), {
    success: (_result, a) => translate(a.done, a.args),
    failure: (err) => serverMessage(err) ?? translate('console.invoice.action_failed'),
    invalidate: ['invoice-ledger', 'invoices', 'payments'],
    onSuccess: () => setDialog(null),
    // The page may have changed meanwhile (another admin): read it again either way.
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
  const busy = action.isPending;

  /** Run an action from a reason dialog; null when it worked, else the reason it failed (shown in the dialog). */
  function act(a: InvoiceAction): Promise<string | null> {
    return action
      .mutateAsync(a)
      .then(() => null)
      .catch((err: Error) => serverMessage(err) ?? translate('console.invoice.action_failed'));
  }

  // A failed read with nothing shown yet; a failed re-read keeps the page it has.
  if (error && !ledger)
    return (
      <Box sx={{ py: 4 }}>
        <Alert severity={statusOf(error) === 404 ? 'warning' : 'error'} role="alert">
          {translate(statusOf(error) === 404 ? 'console.invoice.not_found' : 'console.invoice.load_failed')}
        </Alert>
        <Button component={Link} to="/invoices" sx={{ mt: 2 }}>
          {translate('console.invoice.back')}
        </Button>
      </Box>
    );
  if (!ledger)
    return (
      <Box sx={{ py: 6, textAlign: 'center' }}>
        <CircularProgress aria-label={translate('console.invoice.loading')} />
      </Box>
    );

  const { invoice, terms } = ledger;
  const m = (v: number | null) => money(v, invoice.currency);
  const contact = [invoice.merchant_contact.email, invoice.merchant_contact.phone].filter(Boolean).join(', ');
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <AttentionNotes ledger={ledger} />
      <Card component="section" aria-labelledby="invoice-title">
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
            <Box>
              <Typography id="invoice-title" variant="h5" component="h2">
                {translate('console.invoice.heading', {
                  invoice: invoice.invoice_number,
                  currency: invoice.currency,
                })}
              </Typography>
              <Typography color="text.secondary">
                <Link to={`/merchants/${invoice.merchant_id}`}>
                  {invoice.merchant_name ?? invoice.merchant_id}
                </Link>
                {contact ? ` · ${contact}` : ''}
              </Typography>
              {terms.attention ? (
                <Box sx={{ mt: 1 }}>
                  <StatusChip
                    status={terms.attention}
                    tone="default"
                    label={translate(ATTENTION_LABEL[terms.attention])}
                  />
                </Box>
              ) : null}
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
              <Button startIcon={<ArrowBackIcon />} component={Link} to="/invoices">
                {translate('console.invoice.back')}
              </Button>
              {terms.below_minimum && can('payments.adjust', invoice.merchant_id) ? (
                <Button variant="contained" onClick={() => setDialog({ kind: 'write-off' })} disabled={busy}>
                  {translate('console.invoice.write_off_button', { amount: m(terms.balance) })}
                </Button>
              ) : null}
            </Box>
          </Box>
          <Box sx={{ mt: 2 }}>
            <LedgerTerms ledger={ledger} />
          </Box>
        </CardContent>
      </Card>
      <LedgerTables
        ledger={ledger}
        actions={{
          busy,
          readOnly: !can('payments.adjust', invoice.merchant_id),
          dismiss: (observation) => setDialog({ kind: 'dismiss', observation }),
          markPayment: (paymentId, refundId) =>
            action.mutate({
              run: (dp) => dp.markRecorded({ id: paymentId, refundId }),
              done: 'console.invoice.marked_recorded',
            }),
          markWriteOff: (writeOffId) =>
            action.mutate({
              run: (dp) => dp.markWriteOffRecorded({ id, writeOffId }),
              done: 'console.invoice.write_off_marked',
            }),
        }}
      />
      <ReasonDialog
        open={dialog?.kind === 'dismiss'}
        title={translate('console.invoice.dismiss_title')}
        confirmLabel={translate('console.invoice.dismiss')}
        onClose={() => setDialog(null)}
        onConfirm={(reason) =>
          dialog?.kind === 'dismiss'
            ? act({
                run: (dp) => dp.dismissObservation({ id, observationId: dialog.observation.id, reason }),
                done: 'console.invoice.dismissed',
              })
            : Promise.resolve(null)
        }
      >
        {dialog?.kind === 'dismiss'
          ? translate(
              dialog.observation.credible
                ? 'console.invoice.dismiss_text_cap'
                : 'console.invoice.dismiss_text_attention',
              { amount: m(dialog.observation.amount) },
            )
          : ''}
      </ReasonDialog>
      <ReasonDialog
        open={dialog?.kind === 'write-off'}
        title={translate('console.invoice.write_off_title', { amount: m(terms.balance) })}
        confirmLabel={translate('console.invoice.write_off')}
        onClose={() => setDialog(null)}
        onConfirm={(reason) =>
          act({
            run: (dp) => dp.writeOff({ id, reason }),
            done: 'console.invoice.written_off',
            args: { amount: m(terms.balance) },
          })
        }
      >
        {translate('console.invoice.write_off_text', { amount: m(terms.balance) })}
      </ReasonDialog>
    </Box>
  );
}
