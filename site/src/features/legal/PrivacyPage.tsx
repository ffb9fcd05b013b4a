/** `/privacy`: what the product collects, why, who processes it, and people's rights. */
import { Link } from 'react-router-dom';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { PageLayout } from '../../shared/PageLayout.tsx';
import { useProductName } from '../../shared/public-config.ts';
import { CONTACT_EMAIL } from '../../shared/site-info.ts';
import './legal.css';

export const LEGAL_UPDATED = 'November 2026';

export function PrivacyPage() {
  const name = useProductName();
  useDocumentMeta({
    title: `Privacy Policy | ${name}`,
    description: `How ${name} collects, uses and protects personal information.`,
  });
  return (
    <PageLayout>
      <article className="container narrow legal">
        <h1>Privacy Policy</h1>
        <p className="legal__updated">Last updated: {LEGAL_UPDATED}</p>
        <p>
          {name} lets trade suppliers ("merchants") accept card payments on invoices raised in Xero and
          QuickBooks. This policy explains what personal information we handle when you visit our website, pay
          an invoice, contact us, or use the merchant console, and how we protect it. We handle personal
          information in line with the Australian Privacy Principles in the Privacy Act 1988 (Cth).
        </p>

        <h2>Card details are handled by Stripe, not by us</h2>
        <p>
          Card payments are processed by Stripe, Inc. and its affiliates ("Stripe"), a PCI DSS Level 1
          certified payment provider. When you pay an invoice, your card number, expiry date and security code
          are entered into fields provided by Stripe and sent directly to Stripe. They never pass through or
          get stored on our servers. We only receive the result of the payment: a payment reference, the
          amount, the card brand and last four digits, and whether it succeeded. Stripe's handling of your
          information is described in Stripe's own privacy policy.
        </p>

        <h2>What we collect</h2>
        <ul>
          <li>
            <strong>When you pay an invoice:</strong> the invoice number, the amount paid, any card surcharge,
            the currency, the date, the payment status and the Stripe payment reference. If you give us an
            email address for a receipt, we keep it with the payment and pass it to Stripe to send the
            receipt.
          </li>
          <li>
            <strong>When you contact us:</strong> your name, email address, company name and, if you choose to
            give it, your phone number.
          </li>
          <li>
            <strong>Merchants and administrators:</strong> account details (email address, a securely hashed
            password, sign-in times), business and contact details, the connected Stripe account identifier,
            and settings such as the surcharge and accounting connections.
          </li>
          <li>
            <strong>Technical information:</strong> IP address, browser type and request times in our server
            logs, used to keep the service secure (for example to limit repeated form submissions and sign-in
            attempts).
          </li>
        </ul>
        <p>We do not use advertising trackers, and we do not sell personal information.</p>

        <h2>How we use it</h2>
        <ul>
          <li>to process payments and show you the remaining balance of an invoice;</li>
          <li>
            to record payments against the merchant's invoice in their accounting system (Xero, QuickBooks or
            an automation service the merchant has configured);
          </li>
          <li>to respond to enquiries made through our contact form;</li>
          <li>to run, secure and support the service, prevent fraud, and meet our legal obligations.</li>
        </ul>

        <h2>Who we share it with</h2>
        <p>
          We share information only with the merchant whose invoice you pay; with Stripe to process payments;
          with the merchant's accounting or automation provider to update their records; with hosting and
          email providers that run the service on our behalf; and where the law requires it. Some of these
          providers may store information outside Australia, including in the United States.
        </p>

        <h2>How long we keep it</h2>
        <p>
          Payment records are kept for seven years to meet tax and financial record-keeping obligations,
          including when a merchant account is closed. Contact-form enquiries are kept for up to two years.
          Server logs are kept for up to 90 days.
        </p>
        <p>
          Some things are only needed for a short while and are deleted automatically: email confirmation and
          password-reset links, sign-in sessions, team invitations and accounting connection requests 30 days
          after they were used or expired; records that stop a payment request from being processed twice
          after 30 days; and our record of the emails we sent you after 90 days. (An operator running the
          software may set other periods.)
        </p>

        <h2>Security</h2>
        <p>
          Our site is served over HTTPS. Passwords are stored only as salted hashes, access to merchant data
          is limited to authorised administrators, and administrative actions are recorded in an audit log.
        </p>

        <h2>Your choices and rights</h2>
        <p>
          You can ask to access or correct the personal information we hold about you, or ask us to delete
          information we are not required to keep. If you paid a merchant's invoice, some requests are best
          made to that merchant, who is responsible for their customer records. If you are not satisfied with
          our response you may complain to the Office of the Australian Information Commissioner (OAIC).
        </p>

        <h2>Contact</h2>
        <p>
          Questions about privacy: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>. See also our{' '}
          <Link to="/terms">Terms of Service</Link>.
        </p>
      </article>
    </PageLayout>
  );
}
