/**
 * The accounts pages' one-field "send me a link" form (a password reset, a new confirmation link):
 * it checks the address as the API does, then hands it to `onSend`, which shows the outcome in the
 * page's notice. Also the two links every account page ends with.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { focusById, TextField } from './AuthCard.tsx';
import { emailError } from './messages.ts';

export function EmailLinkForm(props: {
  /** The email field's id. */
  id: string;
  /** The form's accessible name. */
  formLabel: string;
  submitLabel: string;
  initialEmail?: string;
  onSend(email: string): Promise<void>;
}) {
  const [email, setEmail] = useState(props.initialEmail ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const bad = emailError(email);
    setError(bad);
    if (bad) return focusById(props.id);
    setBusy(true);
    try {
      await props.onSend(email.trim());
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" noValidate onSubmit={submit} aria-label={props.formLabel}>
      <TextField
        id={props.id}
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
        {busy ? 'Sending...' : props.submitLabel}
      </button>
    </form>
  );
}

/** The card's footer link back to /login. */
export function BackToSignIn() {
  return (
    <p className="auth-card__footer">
      <Link to="/login">Back to Sign In</Link>
    </p>
  );
}

/** The card's one action after a success: Sign In. */
export function SignInAction() {
  return (
    <div className="auth-card__actions">
      <Link className="button" to="/login">
        Sign In
      </Link>
    </div>
  );
}
