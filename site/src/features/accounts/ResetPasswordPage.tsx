/**
 * `/reset-password?token=…` (DESIGN §4a "account emails"): a new password and its confirmation, with
 * the sign-up rules ('Passwords don't match', 'Password must be at least 6 characters'), then sign
 * in. The API signs out every session of the account when the password changes.
 */
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { AuthError } from '../../../../client/auth.ts';
import { siteAuth } from '../../shared/auth.ts';
import { AuthCard, focusById, type Notice } from './AuthCard.tsx';
import { SignInAction } from './EmailLinkForm.tsx';
import { failureText, GENERIC_FAILURE, PASSWORD_CHANGED, RESET_LINK_INVALID } from './messages.ts';
import { NewPasswordFields, type NewPasswordField } from './NewPasswordFields.tsx';

type Field = NewPasswordField;
const FIELD_IDS: Record<Field, string> = { password: 'reset-password', confirmPassword: 'reset-confirm' };

export function ResetPasswordPage() {
  const token = new URLSearchParams(useLocation().search).get('token')?.trim() ?? '';
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string | null>>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [linkFailed, setLinkFailed] = useState(!token);

  const edit = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: null }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setNotice(null);
    try {
      const message = await siteAuth().resetPassword(token, values.password, values.confirmPassword);
      setDone(message || PASSWORD_CHANGED);
    } catch (err) {
      const error = err instanceof AuthError ? err : new AuthError(GENERIC_FAILURE);
      const field = error.field as Field | 'token' | undefined;
      if (error.status === 400 && (field === 'password' || field === 'confirmPassword')) {
        setErrors({ [field]: error.message });
        focusById(FIELD_IDS[field]);
      } else if (error.status === 400 && field === 'token') {
        setLinkFailed(true);
      } else {
        setNotice({ kind: 'error', content: failureText(error, GENERIC_FAILURE) });
      }
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <AuthCard title="Password Updated" view="done" notice={{ kind: 'success', content: done }}>
        <SignInAction />
      </AuthCard>
    );
  }
  if (linkFailed) {
    return (
      <AuthCard
        title="Link Expired"
        pageTitle="Reset Password"
        view="failed"
        notice={{ kind: 'error', content: RESET_LINK_INVALID }}
      >
        <div className="auth-card__actions">
          <Link className="button" to="/forgot-password">
            Request a New Link
          </Link>
          <Link className="button button--secondary" to="/login">
            Back to Sign In
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a New Password" pageTitle="Reset Password" notice={notice}>
      <form className="auth-form" noValidate onSubmit={submit} aria-label="Choose a new password">
        <NewPasswordFields
          ids={FIELD_IDS}
          labels={{ password: 'New password', confirmPassword: 'Confirm new password' }}
          values={values}
          errors={errors}
          onChange={edit}
        />
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy ? 'Saving...' : 'Set New Password'}
        </button>
      </form>
    </AuthCard>
  );
}
