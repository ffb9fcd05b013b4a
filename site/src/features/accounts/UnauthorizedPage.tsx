/**
 * `/unauthorized` (spec §6, §8): where the console sends a signed-in account that is neither an admin
 * nor a member of any merchant. While businesses may sign themselves up (MERCHANT_SIGNUP) it is the
 * first screen of a new business: "Set up your business" with the start form (issue 50 item 2), not
 * a refusal. Otherwise it explains why there is no access (admin access needs the admin role, or a
 * confirmed email under the company's domain, docs/design.md). Home and Sign Out either way.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { AuthUser } from '../../../../client/auth.ts';
import { restoreSession, siteAuth } from '../../shared/auth.ts';
import { useMerchantSignup } from '../../shared/public-config.ts';
import { AuthCard, type Notice } from './AuthCard.tsx';
import { StartMerchantForm } from './StartMerchantForm.tsx';

export function UnauthorizedPage() {
  const [user, setUser] = useState<AuthUser | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const signup = useMerchantSignup();

  useEffect(() => {
    let live = true;
    void restoreSession().then(() => live && setUser(siteAuth().getState().user));
    return () => {
      live = false;
    };
  }, []);

  const signOut = async () => {
    setBusy(true);
    try {
      await siteAuth().signOut();
      setSignedOut(true);
      setNotice({ kind: 'success', content: 'You have been signed out.' });
    } catch (err) {
      setNotice({ kind: 'error', content: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  // A business that signed itself up lands here first: with sign-up open that is not a refusal but
  // the start of its set-up (issue 50 item 2).
  const starting = signup && !signedOut;
  return (
    <AuthCard
      title={starting ? 'Set up your business' : 'Access Denied'}
      view={starting ? 'start' : signedOut ? 'signed-out' : 'denied'}
      notice={notice}
    >
      {starting ? (
        <>
          <p>
            {user ? (
              <>
                Welcome, <strong>{user.email}</strong>. Create your business to start taking card payments on
                your invoices.
              </>
            ) : (
              'Create your business to start taking card payments on your invoices.'
            )}{' '}
            Joining someone else’s business instead? Ask its owner to invite you to their team.
          </p>
          {user && !user.emailVerified && (
            <p>
              Your email address is not confirmed yet: check your inbox for the link, then come back here.
            </p>
          )}
          {user && user.emailVerified && <StartMerchantForm email={user.email} onNotice={setNotice} />}
        </>
      ) : (
        !signedOut && (
          <>
            <p>
              {user ? (
                <>
                  You are signed in as <strong>{user.email}</strong>, but this account does not have admin
                  access.
                </>
              ) : (
                'Your account does not have admin access.'
              )}
            </p>
            <p>
              This account is not part of any merchant yet. A merchant owner can invite you to their team.
            </p>
          </>
        )
      )}
      <div className="auth-card__actions">
        {/* Beside the start form (its own primary button) Go Home steps back. */}
        <Link className={starting ? 'button button--secondary' : 'button'} to="/">
          Go Home
        </Link>
        {signedOut ? (
          <Link className="button button--secondary" to="/login">
            Sign In
          </Link>
        ) : (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void signOut()}
            disabled={busy}
          >
            {busy ? 'Signing out...' : 'Sign Out'}
          </button>
        )}
      </div>
    </AuthCard>
  );
}
