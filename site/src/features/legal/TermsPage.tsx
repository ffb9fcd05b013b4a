/** `/terms`: the terms for customers paying invoices and for merchants using the service. */
import { Link } from 'react-router-dom';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { PageLayout } from '../../shared/PageLayout.tsx';
import { useProductName } from '../../shared/public-config.ts';
import { CONTACT_EMAIL } from '../../shared/site-info.ts';
import './legal.css';
import { LEGAL_UPDATED } from './PrivacyPage.tsx';

export function TermsPage() {
  const name = useProductName();
  useDocumentMeta({
    title: `Terms of Service | ${name}`,
    description: `The terms for paying invoices through ${name} and for merchants using the service.`,
  });
  return (
    <PageLayout>
      <article className="container narrow legal">
        <h1>Terms of Service</h1>
        <p className="legal__updated">Last updated: {LEGAL_UPDATED}</p>
        <p>
          These terms apply to the {name} website, the invoice payment pages, and the merchant console. By
          using them you agree to these terms. Nothing in these terms excludes rights you have under the
          Australian Consumer Law.
        </p>

        <h2>1. What {name} does</h2>
        <p>
          {name} provides payment pages that let a merchant's customers pay the merchant's invoices by card.
          The merchant is the seller of the goods or services on the invoice; {name} is not a party to that
          sale. Questions about an invoice, the goods supplied or the amount owed should go to the merchant.
        </p>

        <h2>2. Paying an invoice</h2>
        <ul>
          <li>
            You may pay any amount up to the invoice's remaining balance, in one payment or several, using one
            or more cards. The balance shown is based on payments made through {name} and the information the
            merchant's accounting system provides.
          </li>
          <li>
            Payments are processed by Stripe on the merchant's own Stripe account. Card details are entered
            into Stripe's secure fields and are never stored by {name}.
          </li>
          <li>
            A payment is complete only when Stripe confirms it. If a payment is declined or cancelled, no
            charge is made.
          </li>
          <li>
            Cards issued outside Australia (international cards) are not covered by our standard pricing and
            may be declined.
          </li>
        </ul>

        <h2>3. Card surcharge</h2>
        <p>
          A merchant may choose to add a card surcharge (2.95% of the amount paid by default). When it
          applies, the surcharge and the total are shown before you pay, and the total shown is the amount
          charged. The surcharge is charged by the merchant to recover its card acceptance costs.
        </p>

        <h2>4. Refunds and disputes</h2>
        <p>
          Refunds are decided by the merchant under its own terms and the law. A refund of part of a payment
          returns the corresponding share of any surcharge. Refunds go back to the card used and usually
          appear within 5 to 10 business days. If you do not recognise a charge, contact the merchant first;
          you may also raise a dispute with your card issuer.
        </p>

        <h2>5. Merchants</h2>
        <ul>
          <li>
            Merchants must connect a Stripe account in good standing and accept Stripe's terms. Funds are paid
            out by Stripe, typically within about 2 business days.
          </li>
          <li>
            Fees: there is no monthly fee. {name} charges a platform fee of 1.25% of each payment (amount plus
            any surcharge), collected through Stripe. Stripe's standard processing fees apply in addition
            (currently 1.7% + $0.30 per domestic card transaction).
          </li>
          <li>
            Merchants are responsible for the accuracy of their invoices, for complying with surcharging
            rules, and for handling refunds, chargebacks and customer enquiries about their goods or services.
          </li>
          <li>
            Merchants must keep their console credentials secure and must not use the service for unlawful,
            fraudulent or prohibited goods or services.
          </li>
        </ul>

        <h2>6. Availability and liability</h2>
        <p>
          We work to keep the service available and accurate but do not guarantee it will be uninterrupted. To
          the extent the law allows, {name} is not liable for indirect or consequential loss, and our total
          liability for any claim is limited to the platform fees paid in the three months before the claim
          arose.
        </p>

        <h2>7. Changes</h2>
        <p>
          We may update these terms. We will give merchants at least 30 days' notice of changes to fees.
          Continued use of the service after a change takes effect means you accept the updated terms.
        </p>

        <h2>8. Contact</h2>
        <p>
          Questions about these terms: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>. How we handle
          personal information is set out in our <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </article>
    </PageLayout>
  );
}
