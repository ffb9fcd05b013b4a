/**
 * What the page says when the invoice cannot simply be paid (DESIGN §3.3): nothing is due (a paid
 * invoice, or a link whose amount is 0); a balance below the card minimum, which cannot be paid by
 * card — contact the merchant, no Pay button; and a link that would leave more due than the invoice
 * shows here (another observation caps it) — say so in plain words and name the merchant's contact.
 */
import { formatMoney } from '../../../core/money.ts';
import type { PaySession } from '../lib/api.ts';

function Contact({ merchant }: { merchant: PaySession['merchant'] }) {
  const { email, phone } = merchant.contact ?? { email: '', phone: null };
  if (!email && !phone) return <>{merchant.name}</>;
  return (
    <>
      {merchant.name} ({email && <a href={`mailto:${email}`}>{email}</a>}
      {email && phone ? ', ' : null}
      {phone && <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>})
    </>
  );
}

/** The link alone would leave more due than the invoice shows here. */
export function CappedNotice({ session, locale }: { session: PaySession; locale: string }) {
  const { balance, cappedFrom, currency } = session.invoice;
  if (cappedFrom === null || cappedFrom === undefined || balance === null) return null;
  return (
    <p className="sec n" role="status" part="notice">
      This invoice shows {formatMoney(balance, currency, locale)} due here. If you believe more is due,
      contact <Contact merchant={session.merchant} />.
    </p>
  );
}

/** The invoice cannot be paid here: nothing is due, or what is due is below the card minimum. */
export function InvoiceState({
  session,
  locale,
  onEnd,
}: {
  session: PaySession;
  locale: string;
  onEnd(): void;
}) {
  const { balance, currency, state } = session.invoice;
  const end = (
    <div className="acts">
      <button type="button" onClick={onEnd}>
        End Session
      </button>
    </div>
  );
  if (state === 'below_minimum' && balance !== null)
    return (
      <div className="sec n" role="status" part="notice">
        <p>
          <b>{formatMoney(balance, currency, locale)} is still due</b>, but it can&apos;t be paid by card (the
          smallest card payment is {formatMoney(session.limits.minimum, currency, locale)}).
        </p>
        <p className="sec">
          Please contact <Contact merchant={session.merchant} /> to settle it.
        </p>
        {end}
      </div>
    );
  return (
    <>
      <CappedNotice session={session} locale={locale} />
      <div className="sec" role="status">
        <p className="ok">
          <b>Invoice fully paid!</b>
        </p>
        <p>This invoice has been fully paid. Thank you!</p>
        {end}
      </div>
    </>
  );
}
