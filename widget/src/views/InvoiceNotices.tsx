/**
 * What the page says when the invoice cannot simply be paid (DESIGN §3.3): nothing is due (a paid
 * invoice, or a link whose amount is 0); a balance below the card minimum, which cannot be paid by
 * card — contact the merchant, no Pay button; and a link that would leave more due than the invoice
 * shows here (another observation caps it) — say so in plain words and name the merchant's contact.
 */
import { useMoney, useWidget } from '../flow/i18n-context.ts';
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
  return (
    <>
      <CappedNotice session={session} />
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
