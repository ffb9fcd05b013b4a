/**
 * `/forgot-password`: the working 'Forgot password' of DESIGN §4b. The API mails a reset link when
 * the account exists and answers the same either way, so this page never tells whether an email is
 * registered.
 */
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { siteAuth } from '../../shared/auth.ts';
import { AuthCard, focusById, TextField, type Notice } from './AuthCard.tsx';
import { emailError, failureText, GENERIC_FAILURE, RESET_SENT } from './messages.ts';

export function ForgotPasswordPage() {
  const location = useLocation();
  const [email, setEmail] = useState<string>((location.state as { email?: string } | null)?.email ?? '');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const bad = emailError(email);
    setError(bad);
    if (bad) {
      focusById('forgot-email');
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      const message = await siteAuth().forgotPassword(email.trim());
      setNotice({ kind: 'success', content: message || RESET_SENT });
      setSent(true);
    } catch (err) {
      setNotice({ kind: 'error', content: failureText(err, GENERIC_FAILURE) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Reset Your Password"
      lead="Enter the email you sign in with and we'll send you a link to choose a new password."
      notice={notice}
    >
      {!sent && (
        <form className="auth-form" noValidate onSubmit={submit} aria-label="Request a password reset">
          <TextField
            id="forgot-email"
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            error={error}
            onChange={(v) => {
              setEmail(v);
              if (error) setError(null);
            }}
          />
          <button type="submit" className="button" disabled={busy} aria-busy={busy}>
            {busy ? 'Sending...' : 'Send Reset Link'}
          </button>
        </form>
      )}
      <p className="auth-card__footer">
        <Link to="/login">Back to Sign In</Link>
      </p>
    </AuthCard>
  );
}
