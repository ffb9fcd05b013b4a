/**
 * `/signup` (spec §2 "Signup", §5, §8): email, password and confirmation, checked here with the
 * spec's messages ('Passwords don't match', 'Password must be at least 6 characters') and again by
 * the API. The API answers the same for new and registered emails, so the success screen
 * ('Registration Successful', check your email, Return to Login) reveals nothing either way.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AuthError } from '../../../../client/auth.ts';
import { siteAuth } from '../../shared/auth.ts';
import { AuthCard, focusById, TextField, type Notice } from './AuthCard.tsx';
import { emailError, failureText, SIGN_UP_FAILED } from './messages.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';

type Field = 'email' | 'password' | 'confirmPassword';
type Errors = Partial<Record<Field, string | null>>;
const FIELD_IDS: Record<Field, string> = {
  email: 'signup-email',
  password: 'signup-password',
  confirmPassword: 'signup-confirm',
};

export function SignupPage() {
  const [values, setValues] = useState<Record<Field, string>>({
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [registered, setRegistered] = useState<string | null>(null);

  const edit = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: null }));
  };

  const fail = (field: Field, message: string) => {
    setErrors({ [field]: message });
    setNotice(null);
    focusById(FIELD_IDS[field]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const badEmail = emailError(values.email);
    if (badEmail) return fail('email', badEmail);
    setBusy(true);
    setNotice(null);
    try {
      await siteAuth().signUp(values.email.trim(), values.password, values.confirmPassword);
      setErrors({});
      setRegistered(values.email.trim());
    } catch (err) {
      const error = err instanceof AuthError ? err : new AuthError(SIGN_UP_FAILED);
      const field = error.field as Field | undefined;
      if (error.status === 400 && field && field in FIELD_IDS) fail(field, error.message);
      else setNotice({ kind: 'error', content: failureText(error, SIGN_UP_FAILED) });
    } finally {
      setBusy(false);
    }
  };

  if (registered) {
    return (
      <AuthCard title="Registration Successful" view="done">
        <p>
          Please check your email (<strong>{registered}</strong>) for a link to confirm your account. Once it
          is confirmed you can sign in.
        </p>
        <div className="auth-card__actions">
          <Link className="button" to="/login" state={{ email: registered }}>
            Return to Login
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Create an Account" pageTitle="Sign Up" notice={notice}>
      <form className="auth-form" noValidate onSubmit={submit} aria-label="Sign up">
        <TextField
          id={FIELD_IDS.email}
          label="Email"
          type="email"
          autoComplete="email"
          value={values.email}
          error={errors.email}
          onChange={edit('email')}
        />
        <NewPasswordFields
          ids={FIELD_IDS}
          labels={{ password: 'Password', confirmPassword: 'Confirm password' }}
          values={values}
          errors={errors}
          onChange={edit}
        />
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy ? 'Creating account...' : 'Sign Up'}
        </button>
      </form>
      <p className="auth-card__footer">
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </AuthCard>
  );
}
