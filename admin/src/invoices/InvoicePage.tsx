/**
 * /admin/invoices/{id}: the invoice page (DESIGN §3.3) — the balance with every term of its formula
 * and the term that caps it, each observation, payment, refund, write-back and write-off — and the
 * actions on it: dismiss an observation, write off a remainder below the card minimum, mark a
 * payment, refund or write-off recorded. Every action is audited on the server and reloads the page.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { apiFetch, ApiError, messageOf } from '../api.ts';
import { money } from '../shared/format.ts';
import { StatusChip } from '../shared/StatusChip.tsx';
import { LedgerTables } from './LedgerTables.tsx';
import { AttentionNotes, LedgerTerms } from './LedgerTerms.tsx';
import { ReasonDialog } from './ReasonDialog.tsx';
import { ATTENTION_LABEL, type InvoiceLedger, type LedgerObservation } from './types.ts';

type Dialog = { kind: 'dismiss'; observation: LedgerObservation } | { kind: 'write-off' } | null;

export function InvoicePage() {
  const { id = '' } = useParams();
  const notify = useNotify();
  const [ledger, setLedger] = useState<InvoiceLedger | null>(null);
  const [error, setError] = useState<{ missing: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const base = `/api/admin/invoices/${encodeURIComponent(id)}`;

  const load = useCallback(async () => {
    try {
      setLedger(await apiFetch<InvoiceLedger>(`${base}/ledger`));
      setError(null);
    } catch (err) {
      setError({ missing: err instanceof ApiError && err.status === 404 });
    }
  }, [base]);
  useEffect(() => {
    void load();
  }, [load]);

  /**
   * Run an action; null when it worked, else the server's reason. The invoice routes answer with the
   * page itself; others (a payment's mark-recorded) are followed by a reload.
   */
  async function act(path: string, body: unknown, done: string): Promise<string | null> {
    setBusy(true);
    try {
      const answer = await apiFetch<InvoiceLedger>(path, { method: 'POST', body });
      if (path.startsWith(base)) setLedger(answer);
      else await load();
      notify(done, { type: 'success' });
      setDialog(null);
      return null;
    } catch (err) {
      const message = messageOf(err, 'The action failed. Please try again.');
      notify(message, { type: 'error' });
      void load();
      return message;
    } finally {
      setBusy(false);
    }
  }

  if (error)
    return (
      <Box sx={{ py: 4 }}>
        <Alert severity={error.missing ? 'warning' : 'error'} role="alert">
          {error.missing ? 'Invoice not found.' : 'Failed to load the invoice. Please try again.'}
        </Alert>
        <Button component={Link} to="/invoices" sx={{ mt: 2 }}>
          Back to Invoices
        </Button>
      </Box>
    );
  if (!ledger)
    return (
      <Box sx={{ py: 6, textAlign: 'center' }}>
        <CircularProgress aria-label="Loading invoice" />
      </Box>
    );

  const { invoice, terms } = ledger;
  const m = (v: number | null) => money(v, invoice.currency);
  const contact = [invoice.merchant_contact.email, invoice.merchant_contact.phone].filter(Boolean).join(', ');
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <AttentionNotes ledger={ledger} />
      <Card component="section" aria-labelledby="invoice-title">
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
            <Box>
              <Typography id="invoice-title" variant="h5" component="h2">
                Invoice {invoice.invoice_number} ({invoice.currency})
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
                    label={ATTENTION_LABEL[terms.attention]}
                  />
                </Box>
              ) : null}
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
              <Button startIcon={<ArrowBackIcon />} component={Link} to="/invoices">
                Back to Invoices
              </Button>
              {terms.below_minimum ? (
                <Button variant="contained" onClick={() => setDialog({ kind: 'write-off' })} disabled={busy}>
                  Write off {m(terms.balance)}
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
          dismiss: (observation) => setDialog({ kind: 'dismiss', observation }),
          markPayment: (paymentId, refundId) =>
            void act(
              `/api/admin/payments/${paymentId}/mark-recorded`,
              refundId ? { refundId } : {},
              'Marked as recorded in the accounting tool',
            ),
          markWriteOff: (writeOffId) =>
            void act(
              `${base}/write-offs/${writeOffId}/mark-recorded`,
              {},
              'Write-off marked as recorded in the accounting tool',
            ),
        }}
      />
      <ReasonDialog
        open={dialog?.kind === 'dismiss'}
        title="Dismiss this observation?"
        confirmLabel="Dismiss observation"
        onClose={() => setDialog(null)}
        onConfirm={(reason) =>
          dialog?.kind === 'dismiss'
            ? act(
                `${base}/observations/${dialog.observation.id}/dismiss`,
                { reason },
                'Observation dismissed',
              )
            : Promise.resolve(null)
        }
      >
        {dialog?.kind === 'dismiss'
          ? `The link amount ${m(dialog.observation.amount)} will no longer ${dialog.observation.credible ? 'cap the balance' : 'count as a reason for attention'}. Say why: it is kept in the audit log.`
          : ''}
      </ReasonDialog>
      <ReasonDialog
        open={dialog?.kind === 'write-off'}
        title={`Write off ${m(terms.balance)}?`}
        confirmLabel="Write off"
        onClose={() => setDialog(null)}
        onConfirm={(reason) => act(`${base}/write-off`, { reason }, `${m(terms.balance)} written off`)}
      >
        {`${m(terms.balance)} is below the card minimum and can't be paid by card. Writing it off lowers what is due as a payment would, and the write-off is sent to the merchant's accounting sync.`}
      </ReasonDialog>
    </Box>
  );
}
