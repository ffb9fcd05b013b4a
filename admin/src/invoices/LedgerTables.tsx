/**
 * The invoice page's tables: observations (with Dismiss), payments and refunds (with Mark recorded
 * when not written back yet), write-backs, write-offs (with Mark recorded).
 */
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
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { KIND_TEXT } from '../payments/RefundDialog.tsx';
import { dateTime, money, paymentTone } from '../shared/format.ts';
import { StatusChip } from '../shared/StatusChip.tsx';
import { SOURCE_LABEL, type InvoiceLedger, type LedgerObservation } from './types.ts';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ overflowX: 'auto' }}>
        <Typography id={id} variant="h6" component="h2">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Read by screen readers, not shown. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

const Empty = ({ text }: { text: string }) => (
  <Typography color="text.secondary" sx={{ mt: 1 }}>
    {text}
  </Typography>
);

export interface LedgerActions {
  busy: boolean;
  dismiss(o: LedgerObservation): void;
  markPayment(paymentId: string, refundId?: string): void;
  markWriteOff(writeOffId: string): void;
}

export function LedgerTables({ ledger, actions }: { ledger: InvoiceLedger; actions: LedgerActions }) {
  const m = (v: number | null) => money(v, ledger.invoice.currency);
  const recorded = new Set(ledger.writebacks.map((w) => w.subject_id));
  const settled = ['succeeded', 'partially_refunded', 'refunded'];
  return (
    <>
      <Section id="observations-title" title="Observations (link amounts seen)">
        {ledger.observations.length === 0 ? (
          <Empty text="No link amount was seen yet (payments were made on links without an amount)." />
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Seen</TableCell>
                <TableCell align="right">Amount (A)</TableCell>
                <TableCell align="right">Written back then (S)</TableCell>
                <TableCell align="right">Leaves due</TableCell>
                <TableCell>Source</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    Actions
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {ledger.observations.map((o) => (
                <TableRow key={o.id} data-testid={`observation-${o.amount}`}>
                  <TableCell>{dateTime(o.observed_at)}</TableCell>
                  <TableCell align="right">{m(o.amount)}</TableCell>
                  <TableCell align="right">{m(o.written_back_at_observation)}</TableCell>
                  <TableCell align="right">{m(Math.max(0, o.remaining))}</TableCell>
                  <TableCell>{SOURCE_LABEL[o.source]}</TableCell>
                  <TableCell>
                    {o.dismissed
                      ? `Dismissed ${dateTime(o.dismissed_at)}${o.dismissed_by ? ` by ${o.dismissed_by}` : ''}: ${o.dismissed_reason ?? ''}`
                      : o.credible
                        ? `Credible (paid against ${dateTime(o.credible_at)})`
                        : 'Not credible (nothing paid against it)'}
                    {o.caps_balance ? ' · caps the balance' : ''}
                  </TableCell>
                  <TableCell>
                    {!o.dismissed ? (
                      <Button
                        size="small"
                        onClick={() => actions.dismiss(o)}
                        disabled={actions.busy}
                        aria-label={`Dismiss the ${m(o.amount)} observation`}
                      >
                        Dismiss
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>

      <Section id="payments-title" title="Payments">
        {ledger.payments.length === 0 ? (
          <Empty text="No payments." />
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Date</TableCell>
                <TableCell align="right">Invoice part</TableCell>
                <TableCell align="right">Refunded</TableCell>
                <TableCell align="right">Link amount</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Accounting</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {ledger.payments.map((p) => (
                <TableRow key={p.id}>
                  <TableCell>
                    <Link to={`/payments/${p.id}`}>{dateTime(p.succeeded_at ?? p.created_at)}</Link>
                  </TableCell>
                  <TableCell align="right">{m(p.amount)}</TableCell>
                  <TableCell align="right">{p.refunded_amount ? m(p.refunded_amount) : '—'}</TableCell>
                  <TableCell align="right">{p.link_amount === null ? 'typed' : m(p.link_amount)}</TableCell>
                  <TableCell>
                    <StatusChip status={p.status} tone={paymentTone(p.status)} />
                  </TableCell>
                  <TableCell>
                    {recorded.has(p.id) ? (
                      'Recorded'
                    ) : settled.includes(p.status) ? (
                      <Button
                        size="small"
                        onClick={() => actions.markPayment(p.id)}
                        disabled={actions.busy}
                        aria-label={`Mark the ${m(p.amount)} payment recorded`}
                      >
                        Mark recorded
                      </Button>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>

      {ledger.refunds.length ? (
        <Section id="refunds-title" title="Refunds">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Date</TableCell>
                <TableCell align="right">Invoice part</TableCell>
                <TableCell>Kind</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Accounting</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {ledger.refunds.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>
                    <Link to={`/payments/${r.payment_id}`}>{dateTime(r.created_at)}</Link>
                  </TableCell>
                  <TableCell align="right">{m(r.amount)}</TableCell>
                  <TableCell title={KIND_TEXT[r.kind].help}>{KIND_TEXT[r.kind].label}</TableCell>
                  <TableCell>
                    <StatusChip status={r.status} tone={paymentTone(r.status)} />
                  </TableCell>
                  <TableCell>
                    {recorded.has(r.id) ? (
                      'Recorded'
                    ) : r.status === 'succeeded' ? (
                      <Button
                        size="small"
                        onClick={() => actions.markPayment(r.payment_id, r.id)}
                        disabled={actions.busy}
                        aria-label={`Mark the ${m(r.amount)} refund recorded`}
                      >
                        Mark recorded
                      </Button>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Section>
      ) : null}

      <Section id="writebacks-title" title="Write-backs (recorded in the accounting tool)">
        {ledger.writebacks.length === 0 ? (
          <Empty text="Nothing is recorded in the accounting tool yet." />
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>What</TableCell>
                <TableCell align="right">Effect on S</TableCell>
                <TableCell>By</TableCell>
                <TableCell>Counts</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {ledger.writebacks.map((w) => (
                <TableRow key={w.id}>
                  <TableCell>{dateTime(w.created_at)}</TableCell>
                  <TableCell>
                    {{ payment: 'Payment', refund: 'Refund', write_off: 'Write-off' }[w.kind]}
                  </TableCell>
                  <TableCell align="right">{m(w.amount)}</TableCell>
                  <TableCell>{w.source}</TableCell>
                  <TableCell>{w.counted ? 'Yes' : 'Once its payment is recorded'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>

      {ledger.write_offs.length ? (
        <Section id="writeoffs-title" title="Write-offs">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Date</TableCell>
                <TableCell align="right">Amount</TableCell>
                <TableCell>Reason</TableCell>
                <TableCell>Accounting sync</TableCell>
                <TableCell>Recorded</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {ledger.write_offs.map((w) => (
                <TableRow key={w.id}>
                  <TableCell>{dateTime(w.created_at)}</TableCell>
                  <TableCell align="right">{m(w.amount)}</TableCell>
                  <TableCell>{w.reason}</TableCell>
                  <TableCell>
                    {w.sync.length === 0
                      ? 'No accounting sync configured'
                      : w.sync.map((s) => (
                          <span key={s.target} style={{ display: 'block' }}>
                            {s.target}: {s.status}
                            {s.error ? ` — ${s.error}` : ''}
                          </span>
                        ))}
                  </TableCell>
                  <TableCell>
                    {w.recorded_at ? (
                      `${dateTime(w.recorded_at)} (${w.recorded_source})`
                    ) : (
                      <Button
                        size="small"
                        onClick={() => actions.markWriteOff(w.id)}
                        disabled={actions.busy}
                        aria-label={`Mark the ${m(w.amount)} write-off recorded`}
                      >
                        Mark recorded
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Section>
      ) : null}
    </>
  );
}
