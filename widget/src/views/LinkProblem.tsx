/**
 * The panels shown instead of the pay form when a link cannot be paid: merchant not found, merchant
 * not configured, an invalid link, the page unavailable. Each gives the customer a next step — on our
 * hosted page the spec's "check the URL / link"; on a merchant's own site (where the customer did not
 * type any URL) "contact the business whose website this is"; the merchant's email and phone when we
 * know the merchant.
 */
import type { ReactNode } from 'react';
import { useWidget } from '../flow/i18n-context.ts';
import type { LinkProblem, SessionView } from '../flow/usePaySession.ts';
import type { Messages } from '../i18n/en.ts';
import { Contact } from './Contact.tsx';

function Panel({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="status-view" role="alert" part="error">
      <h2>{title}</h2>
      {children}
      {action && <div className="actions">{action}</div>}
    </div>
  );
}

export function linkProblemText(problem: LinkProblem, t: Messages, hosted: boolean): string {
  switch (problem.reason) {
    case 'merchant':
      return hosted ? t.invalidMerchantHosted : t.invalidMerchantEmbedded;
    case 'invoice':
      return t.missingInvoice;
    case 'currency':
      return t.unsupportedCurrency(problem.currency);
    case 'server':
      return problem.message;
  }
}

/** The message a load problem reports (shown, and sent in invoice-pay:error). */
export function viewMessage(view: SessionView, t: Messages, hosted: boolean): string {
  if (view.kind === 'not_found') return hosted ? t.notFoundHosted : t.notFoundEmbedded;
  // A suspended merchant: the server's words, naming it (English only: the flow has no bytes left).
  if (view.kind === 'no_stripe')
    return view.session.merchant.status === 'inactive' ? view.message : t.notConfigured;
  if (view.kind === 'invalid') return linkProblemText(view.problem, t, hosted);
  if (view.kind === 'error') return view.network ? t.network : t.loadError;
  return '';
}

export function LinkProblemView({ view, onRetry }: { view: SessionView; onRetry(): void }) {
  const { t, hosted } = useWidget();
  const text = viewMessage(view, t, hosted);
  if (view.kind === 'not_found')
    return (
      <Panel title={t.notFoundTitle}>
        <p>{text}</p>
      </Panel>
    );
  if (view.kind === 'no_stripe')
    return (
      <Panel title={t.notConfiguredTitle}>
        <p>{text}</p>
        {view.session.merchant.contact && (
          <p className="section">
            {t.contactMerchant(view.session.merchant.name)}{' '}
            <Contact merchant={view.session.merchant} linksOnly />
          </p>
        )}
      </Panel>
    );
  if (view.kind === 'invalid')
    return (
      <Panel title={t.invalidTitle}>
        <p>{text}</p>
        <p className="section">{hosted ? t.invalidNextHosted : t.invalidNextEmbedded}</p>
      </Panel>
    );
  return (
    <Panel
      title={t.unavailableTitle}
      action={
        <button type="button" className="primary" onClick={onRetry}>
          {t.tryAgain}
        </button>
      }
    >
      <p>{text}</p>
    </Panel>
  );
}
