/**
 * The merchant's name with its email and phone as links — the customer's next step when a card
 * cannot pay. `linksOnly`: just the email and phone (after a "Contact {name}:" line).
 */
import type { PaySession } from '../lib/api.ts';

export function Contact({
  merchant,
  linksOnly = false,
}: {
  merchant: PaySession['merchant'];
  linksOnly?: boolean;
}) {
  const { email, phone } = merchant.contact ?? { email: '', phone: null };
  if (!email && !phone) return <>{linksOnly ? null : merchant.name}</>;
  const links = (
    <>
      {email && <a href={`mailto:${email}`}>{email}</a>}
      {email && phone ? ', ' : null}
      {phone && <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>}
    </>
  );
  if (linksOnly) return links;
  return (
    <>
      {merchant.name} ({links})
    </>
  );
}
