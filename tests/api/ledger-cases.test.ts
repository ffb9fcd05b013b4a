/**
 * DESIGN §3.3's table, cases 1–16, through HTTP with exact balances: each history is played (card
 * payments through the pay page, write-backs and refunds of a kind by an admin, declined attempts),
 * then the case's link is opened. The balance must be exact, one cent more must be refused, the
 * whole balance must be payable when a card can pay it — and where the case says so, which payment
 * is refused and why, and what an admin's write-off or dismissal does. Rate limits are off here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../core/money.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import {
  dismiss,
  invoiceIdOf,
  ledgerPage,
  markRecorded,
  refundAs,
  writeOff,
  type Admin,
} from './support/ledger.ts';
import {
  CARDS,
  createConnectedMerchant,
  amountAnswer,
  openSession,
  payThroughLink,
} from './support/payments.ts';

const skip = await skipPostgres();

type Step =
  | { pay: number; on: string; invoice?: string }
  | { declined: string }
  | { opened: string }
  | { writeBack: number }
  | { refund: number; of: number; kind: 'credit' | 'reopen' };

interface Case {
  n: number;
  history: Step[];
  /** The link opened: its amount as the accounting tool writes it (and its invoice number, if not the case's). */
  open: string;
  invoice?: string;
  balance: number;
  state?: 'open' | 'paid' | 'below_minimum';
  /** What the link alone would leave due, when a credible observation caps it lower. */
  cappedFrom?: number;
  /** A payment the case refuses, and the words. */
  refuse?: { amount: number; message: string };
  /** An admin action and the balance after it. */
  then?: { writeOff: true; balance: number } | { dismissObservationOf: number; balance: number };
}

const MERCHANT = 'Acme Timber & Hardware';

// Amounts in cents; link amounts as the accounting tool writes them.
const CASES: Case[] = [
  { n: 1, history: [], open: '1000.00', balance: 100000 },
  { n: 2, history: [{ pay: 25000, on: '1000.00' }], open: '1000.00', balance: 75000 },
  { n: 3, history: [{ pay: 25000, on: '1000.00' }, { writeBack: 0 }], open: '750.00', balance: 75000 },
  {
    n: 4,
    history: [{ pay: 25000, on: '1000.00' }, { writeBack: 0 }, { pay: 75000, on: '750.00' }],
    // The old link was seen before (when nothing was written back): a stale link, not capped.
    open: '1000.00',
    balance: 0,
    state: 'paid',
  },
  { n: 5, history: [{ pay: 25000, on: '1000.00' }], open: '1000.00', balance: 75000 },
  { n: 6, history: [{ declined: '1000.00' }], open: '1000.00', balance: 100000 },
  {
    n: 7,
    history: [{ declined: '1000.00' }, { pay: 60000, on: '600.00' }],
    open: '1000.00',
    balance: 0,
    cappedFrom: 40000,
  },
  {
    n: 8,
    history: [{ pay: 30000, on: '1000.00' }, { writeBack: 0 }, { refund: 10000, of: 0, kind: 'reopen' }],
    open: '700.00',
    balance: 80000,
  },
  { n: 9, history: [{ opened: '1.00' }], open: '1000.00', balance: 100000 },
  {
    n: 10,
    history: [{ pay: 30000, on: '1000.00' }, { writeBack: 0 }],
    open: '99999.00',
    balance: 70000,
    cappedFrom: 9999900,
  },
  {
    n: 11,
    history: [],
    open: '1000.00',
    balance: 100000,
    refuse: {
      amount: 99970,
      message:
        'This would leave A$0.30, less than the smallest card payment. Pay A$1,000.00, or leave at least A$0.50.',
    },
  },
  {
    n: 12,
    history: [
      { pay: 100000, on: '1000.00' },
      { refund: 30, of: 0, kind: 'reopen' },
    ],
    open: '1000.00',
    balance: 30,
    state: 'below_minimum',
    refuse: {
      amount: 30,
      message: `The remaining A$0.30 is below the smallest card payment (A$0.50) and can't be paid by card. Please contact ${MERCHANT}.`,
    },
    then: { writeOff: true, balance: 0 },
  },
  {
    n: 13,
    history: [{ pay: 50, on: '0.50' }],
    open: '1000.00',
    balance: 0,
    cappedFrom: 99950,
    then: { dismissObservationOf: 50, balance: 99950 },
  },
  { n: 14, history: [], open: '0.00', balance: 0, state: 'paid' },
  {
    n: 15,
    history: [{ pay: 100000, on: '1000.00', invoice: 'INV-7' }],
    invoice: 'inv-7 ',
    open: '1000.00',
    balance: 0,
  },
  {
    n: 16,
    history: [{ pay: 30000, on: '1000.00' }, { writeBack: 0 }, { refund: 10000, of: 0, kind: 'credit' }],
    open: '700.00',
    balance: 70000,
  },
];

describe.skipIf(skip)(`DESIGN §3.3 cases 1–16 (${testDialect})`, () => {
  let t: TestApp;
  let admin: Admin;
  let merchant: Awaited<ReturnType<typeof createConnectedMerchant>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminHeaders(t);
    merchant = await createConnectedMerchant(t, { business_name: MERCHANT });
    await t.deps.database.db
      .updateTable('merchants')
      .set({ email: 'accounts@acme.test', phone: '+61 2 5550 1234' })
      .where('id', '=', merchant.id)
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function play(invoice: string, history: Step[]) {
    const paid: string[] = [];
    for (const step of history) {
      if ('pay' in step) {
        const { state } = await payThroughLink(t, {
          merchant: merchant.id,
          invoice: step.invoice ?? invoice,
          linkAmount: step.on,
          amount: step.pay,
        });
        expect(state.status).toBe('succeeded');
        paid.push(state.paymentId);
      } else if ('declined' in step) {
        // Someone opened this link and tried a card that was declined: an observation never credible.
        const { state } = await payThroughLink(t, {
          merchant: merchant.id,
          invoice,
          linkAmount: step.declined,
          amount: 10000,
          card: CARDS.declined,
        });
        expect(state.status).toBe('failed');
      } else if ('opened' in step) {
        expect((await openSession(t, { merchant: merchant.id, invoice, amount: step.opened })).status).toBe(
          200,
        );
      } else if ('writeBack' in step) {
        await markRecorded(t, admin, paid[step.writeBack]);
      } else {
        await refundAs(t, admin, paid[step.of], { amount: step.refund, kind: step.kind });
      }
    }
  }

  for (const c of CASES) {
    it(`case ${c.n}: balance ${formatMoney(c.balance, 'AUD')}`, async () => {
      const invoice = c.invoice ?? `INV-CASE-${c.n}`;
      await play(`INV-CASE-${c.n}`, c.history);
      const open = () => openSession(t, { merchant: merchant.id, invoice, amount: c.open });
      const session = await open();
      expect(session.status, JSON.stringify(session.body)).toBe(200);
      expect(session.body.invoice.balance).toBe(c.balance);
      expect(session.body.invoice.fullyPaid).toBe(c.balance === 0);
      expect(session.body.invoice.state).toBe(c.state ?? (c.balance === 0 ? 'paid' : 'open'));
      expect(session.body.invoice.cappedFrom).toBe(c.cappedFrom ?? null);
      if (c.cappedFrom !== undefined)
        expect(session.body.merchant.contact).toEqual({
          email: 'accounts@acme.test',
          phone: '+61 2 5550 1234',
        });

      const over = await amountAnswer(t, merchant.stripe_account_id!, {
        merchantId: merchant.id,
        amount: c.balance + 1,
        invoiceNumber: invoice,
        paySessionId: session.body.paySessionId,
      });
      expect(over.status).toBe(422);
      expect(over.body.error.message).toBe(
        `Payment amount cannot exceed the remaining balance of ${formatMoney(c.balance, 'AUD')}.`,
      );
      if (c.refuse) {
        const refused = await amountAnswer(t, merchant.stripe_account_id!, {
          merchantId: merchant.id,
          amount: c.refuse.amount,
          invoiceNumber: invoice,
          paySessionId: session.body.paySessionId,
        });
        expect(refused.status).toBe(422);
        expect(refused.body.error.message).toBe(c.refuse.message);
      }

      let balance = c.balance;
      if (c.then) {
        const invoiceId = await invoiceIdOf(t, merchant.id, invoice);
        if ('writeOff' in c.then) {
          const res = await writeOff(t, admin, invoiceId);
          expect(res.status, JSON.stringify(res.body)).toBe(200);
        } else {
          const amount = c.then.dismissObservationOf;
          const page = await ledgerPage(t, admin, invoiceId);
          const obs = page.observations.find((o: { amount: number }) => o.amount === amount);
          const res = await dismiss(t, admin, invoiceId, obs.id);
          expect(res.status, JSON.stringify(res.body)).toBe(200);
        }
        const after = await open();
        expect(after.body.invoice.balance).toBe(c.then.balance);
        expect(after.body.invoice.cappedFrom).toBeNull();
        balance = c.then.balance;
      }

      if (balance < 50) return;
      const { state } = await payThroughLink(t, {
        merchant: merchant.id,
        invoice,
        linkAmount: c.open,
        amount: balance,
      });
      expect(state.status).toBe('succeeded');
      expect(state.remaining).toBe(0);
    });
  }

  it('case 15: the number is shown as first written, however the link writes it', async () => {
    for (const variant of ['inv-7 ', '\uFF29\uFF2E\uFF36\uFF0D\uFF17', 'INV\u200B-7', 'INV\u20137']) {
      const s = await openSession(t, { merchant: merchant.id, invoice: variant, amount: '1000.00' });
      expect(s.body.invoice).toMatchObject({ number: 'INV-7', balance: 0 });
    }
  });
});
