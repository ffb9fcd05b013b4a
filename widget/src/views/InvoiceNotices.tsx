/**
 * What the page says when the invoice cannot simply be paid (DESIGN §3.3): nothing is due (a paid
 * invoice, or a link whose amount is 0); a balance below the card minimum, which cannot be paid by
 * card — contact the merchant, no Pay button; and a link that would leave more due than the invoice
 * shows here (another observation caps it) — say so in plain words and name the merchant's contact.
 */
import { useDates, useMoney, useWidget } from '../flow/i18n-context.ts';
import type { PaySession } from '../lib/api.ts';
import { Contact } from './Contact.tsx';

/** The link alone would leave more due than the invoice shows here. */
export function CappedNotice({ session }: { session: PaySession }) {
  const { t } = useWidget();
  const { balance, cappedFrom, currency } = session.invoice;
  const money = useMoney(currency);
  if (cappedFrom === null || cappedFrom === undefined || balance === null) return null;
  return (
    <p className="section notice" role="status" part="notice">
      {t.cappedNotice(money(balance))} <Contact merchant={session.merchant} />.
    </p>
  );
}

type Hold = PaySession['invoice']['beingPaid'][number];

/**
 * One hold in words: method, since when, until when (a card check, a PayTo approval) or clears by
 * (a bank debit). Times on the customer's own clock (read against it: "since 10:42"), written as
 * the merchant's country writes dates.
 */
function useHoldText(currency: string, merchant: PaySession['merchant']) {
  const { t } = useWidget();
  const money = useMoney(currency);
  const date = useDates(merchant);
  const time = (iso: string) => date(iso, { dateStyle: 'medium', timeStyle: 'short' }, true);
  const day = (ymd: string) => date(ymd, { dateStyle: 'medium' });
  return (h: Hold) =>
    h.method === 'payto'
      ? t.beingPaidPayTo(money(h.amount), time(h.since), h.until ? time(h.until) : null)
      : h.method === 'bank_debit'
        ? t.beingPaidDebit(money(h.amount), time(h.since), h.clearsBy ? day(h.clearsBy) : null)
        : h.status === 'requires_action' && h.until
          ? t.beingPaidCard(money(h.amount), time(h.since), time(h.until))
          : t.beingPaidCardStarting(money(h.amount), time(h.since));
}

function HoldList({
  holds,
  currency,
  merchant,
}: {
  holds: Hold[];
  currency: string;
  merchant: PaySession['merchant'];
}) {
  const text = useHoldText(currency, merchant);
  return (
    <ul className="holds">
      {holds.map((h, i) => (
        <li key={`${h.since}:${i}`}>{text(h)}</li>
      ))}
    </ul>
  );
}

/**
 * Part of the invoice is held for another customer's payment not yet received (DESIGN §3.4): it is
 * *being paid*, not paid; what is left can be paid now.
 */
export function BeingPaidNotice({ session }: { session: PaySession }) {
  const { t } = useWidget();
  const { beingPaid, balance, currency } = session.invoice;
  const money = useMoney(currency);
  if (!beingPaid?.length) return null;
  return (
    <div className="section notice" role="status" part="notice">
      <p>
        <b>{t.beingPaidTitle}:</b>
      </p>
      <HoldList holds={beingPaid} currency={currency} merchant={session.merchant} />
      {balance !== null && <p>{t.beingPaidSome(money(balance))}</p>}
    </div>
  );
}

/** The invoice cannot be paid here: nothing is due, or what is due is below the card minimum. */
export function InvoiceState({ session, onEnd }: { session: PaySession; onEnd(): void }) {
  const { t } = useWidget();
  const { balance, currency, state } = session.invoice;
  const money = useMoney(currency);
  const end = (
    <div className="actions">
      <button type="button" onClick={onEnd}>
        {t.endSession}
      </button>
    </div>
  );
  if (state === 'being_paid')
    return (
      <div className="section notice" role="status" part="notice">
        <p>
          <b>{t.beingPaidTitle}</b>
        </p>
        <p>{t.beingPaidAll}</p>
        <HoldList holds={session.invoice.beingPaid} currency={currency} merchant={session.merchant} />
        <p>{t.beingPaidAfter}</p>
        {end}
      </div>
    );
  if (state === 'below_minimum' && balance !== null)
    return (
      <div className="section notice" role="status" part="notice">
        <p>
          <b>{t.belowMinimumDue(money(balance))}</b>
          {t.belowMinimumWhy(money(session.limits.minimum))}
        </p>
        <p className="section">
          {t.belowMinimumContact} <Contact merchant={session.merchant} /> {t.toSettle}
        </p>
        {end}
      </div>
    );
  // Capped by another observation: nothing is due *here*, which is not "fully paid" (one message).
  if (session.invoice.cappedFrom !== null && session.invoice.cappedFrom !== undefined)
    return (
      <div className="section">
        <CappedNotice session={session} />
        {end}
      </div>
    );
  return (
    <>
      <div className="section" role="status" part="result">
        <p className="success-text">
          <b>{t.fullyPaid}</b>
        </p>
        <p>{t.fullyPaidText}</p>
        {end}
      </div>
    </>
  );
}
