/**
 * `/forgot-password`: the working 'Forgot password' of DESIGN §4b. The API mails a reset link when
 * the account exists and answers the same either way, so this page never tells whether an email is
 * registered.
 */
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { siteAuth } from '../../shared/auth.ts';
import { AuthCard, type Notice } from './AuthCard.tsx';
import { BackToSignIn, EmailLinkForm } from './EmailLinkForm.tsx';
import { failureText, GENERIC_FAILURE, RESET_SENT } from './messages.ts';

export function ForgotPasswordPage() {
  const location = useLocation();
  const [notice, setNotice] = useState<Notice>(null);
  const [sent, setSent] = useState(false);

  const send = async (email: string) => {
    setNotice(null);
    try {
      const message = await siteAuth().forgotPassword(email);
      setNotice({ kind: 'success', content: message || RESET_SENT });
      setSent(true);
    } catch (err) {
      setNotice({ kind: 'error', content: failureText(err, GENERIC_FAILURE) });
    }
  };

  return (
    <AuthCard
      title="Reset Your Password"
      lead="Enter the email you sign in with and we'll send you a link to choose a new password."
      notice={notice}
    >
      {!sent && (
        <EmailLinkForm
          id="forgot-email"
          formLabel="Request a password reset"
          submitLabel="Send Reset Link"
          initialEmail={(location.state as { email?: string } | null)?.email ?? ''}
          onSend={send}
        />
      )}
      <BackToSignIn />
    </AuthCard>
  );
}
