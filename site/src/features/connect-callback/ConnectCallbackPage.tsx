/**
 * `/connect/callback` (spec §2, §4, §5): where Stripe sends the admin back after connecting a
 * merchant's account. processing → success (link to the merchant in the console), pending (the
 * server could not confirm with Stripe; it is recorded for manual completion), or error. Completing
 * the connection is a console call for an admin or the merchant's owner (the server decides): the
 * access token comes from the refresh cookie via the shared auth client; someone signed out is asked
 * to sign in and brought back here.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { restoreSession, runOnce, siteAuth } from '../../shared/auth.ts';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { PageLayout, Spinner } from '../../shared/PageLayout.tsx';
import { useProductName } from '../../shared/public-config.ts';
import {
  CONNECT_FAILED,
  SIGN_IN_REQUIRED,
  interpretCallbackResponse,
  readCallbackParams,
  type CallbackResult,
} from './connect-logic.ts';

type View = { kind: 'processing' } | CallbackResult;

async function completeConnection(code: string | null, state: string): Promise<CallbackResult> {
  await restoreSession();
  const auth = siteAuth();
  const { status, user } = auth.getState();
  if (status !== 'authenticated' || !user) return { kind: 'error', message: SIGN_IN_REQUIRED, signIn: true };
  // An admin, or the merchant's owner (issue 32): the server decides, and 403 is NOT_ADMIN.
  try {
    const res = await auth.fetch('/api/admin/stripe-connect-callback', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ code, state }),
    });
    return interpretCallbackResponse(res.status, await res.json().catch(() => null));
  } catch {
    return { kind: 'error', message: CONNECT_FAILED };
  }
}

const TITLES = {
  processing: 'Connecting Stripe',
  success: 'Stripe Connected',
  unfinished: 'Stripe Onboarding Not Finished',
  pending: 'Connection Pending',
  error: 'Connection Failed',
};

export function ConnectCallbackPage() {
  const productName = useProductName();
  const { search, pathname } = useLocation();
  const [view, setView] = useState<View>(() => {
    const params = readCallbackParams(search);
    return params.ok ? { kind: 'processing' } : { kind: 'error', message: params.message };
  });

  useEffect(() => {
    const params = readCallbackParams(search);
    if (!params.ok) return;
    let live = true;
    // The state is single use: one server call per page load, whatever React does with effects.
    void runOnce(`connect:${params.state}:${params.code ?? ''}`, () =>
      completeConnection(params.code, params.state),
    ).then((result) => live && setView(result));
    return () => {
      live = false;
    };
  }, [search]);

  useDocumentMeta({ title: `${TITLES[view.kind]} | ${productName}` });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (view.kind !== 'processing') heading.current?.focus();
  }, [view.kind]);

  return (
    <PageLayout>
      <div className="container">
        <div className="centered-panel" aria-busy={view.kind === 'processing'}>
          <h1 ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
            {TITLES[view.kind]}
          </h1>
          {view.kind === 'processing' && (
            <>
              <Spinner label="Connecting your Stripe account" />
              <p>Finishing the connection with Stripe…</p>
            </>
          )}
          {view.kind === 'success' && (
            <>
              <p className="alert alert--success">
                The Stripe account <strong>{view.accountId}</strong> is now connected to this merchant.
              </p>
              {!view.chargesEnabled && (
                <p>
                  Stripe is still reviewing the account. Payments can be taken as soon as Stripe enables
                  charges.
                </p>
              )}
              <div className="actions">
                <a className="button" href={`/admin/merchants/${encodeURIComponent(view.merchantId)}`}>
                  View Merchant
                </a>
              </div>
            </>
          )}
          {view.kind === 'unfinished' && (
            <>
              <p className="alert alert--info">
                Stripe onboarding for this merchant was left before it was finished (account{' '}
                <strong>{view.accountId}</strong>). Nothing is lost: what was entered is kept by Stripe.
              </p>
              <p>
                To finish, open the merchant and choose Connect Stripe again: Stripe continues where it was
                left. Payments can be taken once Stripe enables charges.
              </p>
              <div className="actions">
                <a className="button" href={`/admin/merchants/${encodeURIComponent(view.merchantId)}`}>
                  Open the Merchant
                </a>
              </div>
            </>
          )}
          {view.kind === 'pending' && (
            <>
              <p className="alert alert--info">{view.message}</p>
              <div className="actions">
                {view.merchantId && (
                  <a className="button" href={`/admin/merchants/${encodeURIComponent(view.merchantId)}`}>
                    View Merchant
                  </a>
                )}
                <Link className={view.merchantId ? 'button button--secondary' : 'button'} to="/">
                  Return Home
                </Link>
              </div>
            </>
          )}
          {view.kind === 'error' && (
            <>
              <p className="alert alert--error">{view.message}</p>
              <div className="actions">
                {view.signIn && (
                  <Link className="button" to={`/login?next=${encodeURIComponent(`${pathname}${search}`)}`}>
                    Sign In
                  </Link>
                )}
                <Link className={view.signIn ? 'button button--secondary' : 'button'} to="/">
                  Return Home
                </Link>
              </div>
            </>
          )}
        </div>
      </div>
    </PageLayout>
  );
}
