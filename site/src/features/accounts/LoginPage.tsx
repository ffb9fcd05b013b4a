/**
 * `/login` (spec §2 "Login", §5, §8): email and password; a working 'Forgot password' (DESIGN §4b);
 * a link to /signup. Success is a full navigation to the console (or a same-site `next` path): the
 * console gets its own access token from the refresh cookie this sign-in set. An account without
 * admin access goes straight to /unauthorized (spec §6). Errors show the API's
 * message, else 'An error occurred during sign in'; an unconfirmed account is offered a new
 * confirmation email.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { AuthError, readAuthErrorFromUrl, SIGN_IN_SLOW } from '../../../../client/auth.ts';
import { useSlow } from '../../../../client/use-slow.ts';
import { safeNextPath, siteAuth } from '../../shared/auth.ts';
import { AuthCard, focusById, TextField, type Notice } from './AuthCard.tsx';
import { emailError, PASSWORD_REQUIRED, SIGN_IN_FAILED } from './messages.ts';

type Errors = { email?: string | null; password?: string | null };

export function LoginPage() {
  const location = useLocation();
  const nextParam = new URLSearchParams(location.search).get('next');
  const next = safeNextPath(nextParam);
  const nextGiven = next !== safeNextPath(null);
  const urlError = useMemo(() => readAuthErrorFromUrl(window.location.href), []);
  const [email, setEmail] = useState<string>((location.state as { email?: string } | null)?.email ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<Notice>(
    urlError ? { kind: 'error', content: urlError.message } : null,
  );
  const [busy, setBusy] = useState(false);
  const slow = useSlow(busy);

  const resend = async () => {
    setBusy(true);
    try {
      const message = await siteAuth().resendVerification(email.trim());
      setNotice({ kind: 'info', content: message });
    } catch (err) {
      setNotice({ kind: 'error', content: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found: Errors = { email: emailError(email), password: password ? null : PASSWORD_REQUIRED };
    setErrors(found);
    if (found.email || found.password) {
      setNotice(null);
      focusById(found.email ? 'login-email' : 'login-password');
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      const user = await siteAuth().signIn(email.trim(), password);
      // Stay busy: the browser is leaving (a full navigation, so the console starts from the cookie).
      // An admin or a merchant member goes on (the console shows a member their merchants); an
      // account with neither lands on /unauthorized, which offers to start a merchant.
      window.location.assign(user.isAdmin || nextGiven ? next : '/admin/merchants');
    } catch (err) {
      setBusy(false);
      const error = err instanceof AuthError ? err : new AuthError(SIGN_IN_FAILED);
      if (error.status === 400 && (error.field === 'email' || error.field === 'password')) {
        setErrors({ [error.field]: error.message });
        focusById(`login-${error.field}`);
        return;
      }
      if (error.status === 403) {
        setNotice({
          kind: 'error',
          content: (
            <>
              <p>{error.message}</p>
              <button type="button" className="link-button" onClick={() => void resend()}>
                Resend confirmation email
              </button>
            </>
          ),
        });
        return;
      }
      setNotice({
        kind: 'error',
        content: error.status >= 500 ? SIGN_IN_FAILED : error.message || SIGN_IN_FAILED,
      });
    }
  };

  return (
    <AuthCard title="Sign In" lead="Sign in to manage merchants and payments." notice={notice}>
      <form className="auth-form" noValidate onSubmit={submit} aria-label="Sign in">
        <TextField
          id="login-email"
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          error={errors.email}
          onChange={(v) => {
            setEmail(v);
            if (errors.email) setErrors((e) => ({ ...e, email: null }));
          }}
        />
        <TextField
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(v) => {
            setPassword(v);
            if (errors.password) setErrors((e) => ({ ...e, password: null }));
          }}
        />
        <div className="auth-card__row">
          <Link to="/forgot-password" state={{ email: email.trim() }}>
            Forgot password?
          </Link>
        </div>
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy ? 'Signing in...' : 'Sign In'}
        </button>
        <p className="auth-card__hint" role="status">
          {slow ? SIGN_IN_SLOW : ''}
        </p>
      </form>
      <p className="auth-card__footer">
        Don't have an account? <Link to="/signup">Sign up</Link>
      </p>
    </AuthCard>
  );
}
