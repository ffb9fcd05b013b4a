/**
 * The invoice page's tables: observations (with Dismiss), payments and refunds (with Mark recorded
 * when not written back yet), write-backs, write-offs (with Mark recorded).
 */
import {
  Button,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { KIND_KEYS } from '../payments/RefundDialog.tsx';
import { dateTime, money, paymentTone } from '../shared/format.ts';
import { StatusChip } from '../shared/StatusChip.tsx';
import { PaymentStatusChip } from '../shared/PaymentStatusChip.tsx';
import { SOURCE_LABEL, WRITEBACK_KIND_LABEL, type InvoiceLedger, type LedgerObservation } from './types.ts';
import { HeadRow, hidden, right } from '../shared/HeadRow.tsx';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ overflowX: 'auto' }}>
        <Typography id={id} variant="h6" component="h2">
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Empty({ text }: { text: string }) {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ mt: 1 }}>
      {translate(text)}
    </Typography>
  );
}

/** Amounts and dates never wrap inside themselves. */
const NO_WRAP = { '& td, & th': { whiteSpace: 'nowrap' } } as const;

/** A titled table of `rows` (`empty`: what it says when there are none; without it, no section at all). */
function TableSection<T>(props: {
  id: string;
  title: string;
  columns: Parameters<typeof HeadRow>[0]['columns'];
  rows: T[];
  empty?: string;
  row(item: T): ReactNode;
}) {
  if (props.rows.length === 0 && !props.empty) return null;
  return (
    <Section id={props.id} title={props.title}>
      {props.rows.length === 0 && props.empty ? (
        <Empty text={props.empty} />
      ) : (
        // On a phone the table scrolls inside its own box (focusable, named), never the page.
        <TableContainer sx={{ position: 'relative' }} tabIndex={0} role="region" aria-label={props.title}>
          <Table size="small" sx={NO_WRAP}>
            <HeadRow columns={props.columns} />
            <TableBody>{props.rows.map(props.row)}</TableBody>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
}

/** A row's action: the label is the button text's key, `ariaLabel` names the row (the amount). */
function RowButton(props: { label: string; ariaLabel: string; busy: boolean; onClick(): void }) {
  const translate = useTranslate();
  return (
    <Button size="small" onClick={props.onClick} disabled={props.busy} aria-label={props.ariaLabel}>
      {translate(props.label)}
    </Button>
  );
}

export interface LedgerActions {
  busy: boolean;
  /** A merchant member's view (issue 32): the terms without the platform's actions on them. */
  readOnly?: boolean;
  dismiss(o: LedgerObservation): void;
  markPayment(paymentId: string, refundId?: string): void;
  markWriteOff(writeOffId: string): void;
}

export function LedgerTables({ ledger, actions }: { ledger: InvoiceLedger; actions: LedgerActions }) {
  const translate = useTranslate();
  const m = (v: number | null) => money(v, ledger.invoice.currency);
  const recorded = new Set(ledger.writebacks.map((w) => w.subject_id));
  const settled = ['succeeded', 'partially_refunded', 'refunded'];
  const RowAction = actions.readOnly ? () => null : RowButton;
  return (
    <>
      <TableSection
        id="observations-title"
        title="console.ledger.observations"
        columns={[
          'console.ledger.seen',
          right('console.ledger.amount_a'),
          right('console.ledger.written_back_then'),
          right('console.ledger.leaves_due'),
          'console.ledger.source',
          'console.ledger.status',
          hidden('console.common.actions'),
        ]}
        rows={ledger.observations}
        empty="console.ledger.no_observations"
        row={(o) => (
          <TableRow key={o.id} data-testid={`observation-${o.amount}`}>
            <TableCell>{dateTime(o.observed_at)}</TableCell>
            <TableCell align="right">{m(o.amount)}</TableCell>
            <TableCell align="right">{m(o.written_back_at_observation)}</TableCell>
            <TableCell align="right">{m(Math.max(0, o.remaining))}</TableCell>
            <TableCell>{translate(SOURCE_LABEL[o.source])}</TableCell>
            <TableCell>
              {o.dismissed
                ? translate(o.dismissed_by ? 'console.ledger.dismissed_by' : 'console.ledger.dismissed', {
                    date: dateTime(o.dismissed_at),
                    by: o.dismissed_by,
                    reason: o.dismissed_reason ?? '',
                  })
                : o.credible
                  ? translate('console.ledger.credible', { date: dateTime(o.credible_at) })
                  : translate('console.ledger.not_credible')}
              {o.caps_balance ? translate('console.ledger.caps') : ''}
            </TableCell>
            <TableCell>
              {!o.dismissed ? (
                <RowAction
                  label="console.ledger.dismiss"
                  ariaLabel={translate('console.ledger.dismiss_label', { amount: m(o.amount) })}
                  busy={actions.busy}
                  onClick={() => actions.dismiss(o)}
                />
              ) : null}
            </TableCell>
          </TableRow>
        )}
      />

      <TableSection
        id="payments-title"
        title="console.ledger.payments"
        columns={[
          'console.ledger.date',
          right('console.ledger.invoice_part'),
          right('console.ledger.refunded'),
          right('console.ledger.link_amount'),
          'console.ledger.status',
          'console.ledger.accounting',
        ]}
        rows={ledger.payments}
        empty="console.ledger.no_payments"
        row={(p) => (
          <TableRow key={p.id}>
            <TableCell>
              <Link to={`/payments/${p.id}`}>{dateTime(p.succeeded_at ?? p.created_at)}</Link>
            </TableCell>
            <TableCell align="right">{m(p.amount)}</TableCell>
            <TableCell align="right">{p.refunded_amount ? m(p.refunded_amount) : '—'}</TableCell>
            <TableCell align="right">
              {p.link_amount === null ? translate('console.ledger.typed') : m(p.link_amount)}
            </TableCell>
            <TableCell>
              <PaymentStatusChip status={p.status} />
            </TableCell>
            <TableCell>
              {recorded.has(p.id) ? (
                translate('console.ledger.recorded')
              ) : settled.includes(p.status) ? (
                <RowAction
                  label="console.ledger.mark_recorded"
                  ariaLabel={translate('console.ledger.mark_payment_label', { amount: m(p.amount) })}
                  busy={actions.busy}
                  onClick={() => actions.markPayment(p.id)}
                />
              ) : (
                '—'
              )}
            </TableCell>
          </TableRow>
        )}
      />

      <TableSection
        id="refunds-title"
        title="console.ledger.refunds"
        columns={[
          'console.ledger.date',
          right('console.ledger.invoice_part'),
          'console.ledger.kind',
          'console.ledger.status',
          'console.ledger.accounting',
        ]}
        rows={ledger.refunds}
        row={(r) => (
          <TableRow key={r.id}>
            <TableCell>
              <Link to={`/payments/${r.payment_id}`}>{dateTime(r.created_at)}</Link>
            </TableCell>
            <TableCell align="right">{m(r.amount)}</TableCell>
            <TableCell title={translate(KIND_KEYS[r.kind].help)}>
              {translate(KIND_KEYS[r.kind].label)}
            </TableCell>
            <TableCell>
              <StatusChip status={r.status} tone={paymentTone(r.status)} />
            </TableCell>
            <TableCell>
              {recorded.has(r.id) ? (
                translate('console.ledger.recorded')
              ) : r.status === 'succeeded' ? (
                <RowAction
                  label="console.ledger.mark_recorded"
                  ariaLabel={translate('console.ledger.mark_refund_label', { amount: m(r.amount) })}
                  busy={actions.busy}
                  onClick={() => actions.markPayment(r.payment_id, r.id)}
                />
              ) : (
                '—'
              )}
            </TableCell>
          </TableRow>
        )}
      />

      <TableSection
        id="writebacks-title"
        title="console.ledger.writebacks"
        columns={[
          'console.ledger.when',
          'console.ledger.what',
          right('console.ledger.effect'),
          'console.ledger.by',
          'console.ledger.counts',
        ]}
        rows={ledger.writebacks}
        empty="console.ledger.no_writebacks"
        row={(w) => (
          <TableRow key={w.id}>
            <TableCell>{dateTime(w.created_at)}</TableCell>
            <TableCell>{translate(WRITEBACK_KIND_LABEL[w.kind])}</TableCell>
            <TableCell align="right">{m(w.amount)}</TableCell>
            <TableCell>{w.source}</TableCell>
            <TableCell>
              {translate(w.counted ? 'console.ledger.counted' : 'console.ledger.counts_later')}
            </TableCell>
          </TableRow>
        )}
      />

      <TableSection
        id="writeoffs-title"
        title="console.ledger.write_offs"
        columns={[
          'console.ledger.date',
          right('console.ledger.amount'),
          'console.ledger.reason',
          'console.ledger.sync',
          'console.ledger.recorded',
        ]}
        rows={ledger.write_offs}
        row={(w) => (
          <TableRow key={w.id}>
            <TableCell>{dateTime(w.created_at)}</TableCell>
            <TableCell align="right">{m(w.amount)}</TableCell>
            <TableCell>{w.reason}</TableCell>
            <TableCell>
              {w.sync.length === 0
                ? translate('console.ledger.no_sync')
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
                <RowAction
                  label="console.ledger.mark_recorded"
                  ariaLabel={translate('console.ledger.mark_write_off_label', { amount: m(w.amount) })}
                  busy={actions.busy}
                  onClick={() => actions.markWriteOff(w.id)}
                />
              )}
            </TableCell>
          </TableRow>
        )}
      />
    </>
  );
}
