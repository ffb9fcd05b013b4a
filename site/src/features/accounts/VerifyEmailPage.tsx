/**
 * `/verify-email?token=…` (DESIGN §4a "account emails"): confirms the address with the mailed
 * token, then offers sign-in. A bad or expired link can ask for a new one (the API answers the same
 * whether or not the email has an unconfirmed account).
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { AuthError } from '../../../../client/auth.ts';
import { runOnce, siteAuth } from '../../shared/auth.ts';
import { Spinner } from '../../shared/PageLayout.tsx';
import { AuthCard, type Notice } from './AuthCard.tsx';
import { BackToSignIn, EmailLinkForm, SignInAction } from './EmailLinkForm.tsx';
import { failureText, GENERIC_FAILURE, VERIFY_LINK_INVALID } from './messages.ts';

type State =
  { status: 'verifying' } | { status: 'verified'; message: string } | { status: 'failed'; message: string };

export function VerifyEmailPage() {
  const token = new URLSearchParams(useLocation().search).get('token')?.trim() ?? '';
  const [state, setState] = useState<State>(
    token ? { status: 'verifying' } : { status: 'failed', message: VERIFY_LINK_INVALID },
  );

  useEffect(() => {
    if (!token) return;
    let live = true;
    runOnce(`verify:${token}`, () => siteAuth().verifyEmail(token)).then(
      (message) =>
        live && setState({ status: 'verified', message: message || 'Email confirmed. You can now sign in.' }),
      (err: unknown) =>
        live &&
        setState({
          status: 'failed',
          message:
            err instanceof AuthError && err.status > 0 && err.status < 500
              ? err.message
              : VERIFY_LINK_INVALID,
        }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  if (state.status === 'verifying') {
    return (
      <AuthCard title="Confirming Your Email" view="verifying">
        <Spinner label="Confirming your email" />
      </AuthCard>
    );
  }
  if (state.status === 'verified') {
    return (
      <AuthCard title="Email Confirmed" view="verified" notice={{ kind: 'success', content: state.message }}>
        <SignInAction />
      </AuthCard>
    );
  }
  return <VerifyFailed message={state.message} />;
}

function VerifyFailed({ message }: { message: string }) {
  const [notice, setNotice] = useState<Notice>({ kind: 'error', content: message });

  const resend = async (email: string) => {
    try {
      setNotice({ kind: 'success', content: await siteAuth().resendVerification(email) });
    } catch (err) {
      setNotice({ kind: 'error', content: failureText(err, GENERIC_FAILURE) });
    }
  };

  return (
    <AuthCard title="Email Not Confirmed" view="failed" notice={notice}>
      <p>Enter your email to get a new confirmation link.</p>
      <EmailLinkForm
        id="verify-email"
        formLabel="Send a new confirmation link"
        submitLabel="Send New Link"
        onSend={resend}
      />
      <BackToSignIn />
    </AuthCard>
  );
}
