/**
 * `/accept-invitation?token=…` (issue 32, docs/auth.md): the link in an invitation to a merchant's
 * team. Shows the merchant, the role and the invited address, then: signed in as that address, one
 * button; not signed in and without an account, a password for a new one; with an account, sign in
 * first (back here afterwards); signed in as someone else, sign out. Accepting opens the merchant in
 * the console. A used, withdrawn, expired or broken link says which.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { PASSWORDS_DONT_MATCH, type AuthUser } from '../../../../client/auth.ts';
import { parseJson } from '../../../../client/http.ts';
import { restoreSession, siteAuth } from '../../shared/auth.ts';
import { AuthCard, focusById, type Notice } from './AuthCard.tsx';
import { GENERIC_FAILURE } from './messages.ts';
import { NewPasswordFields, type NewPasswordField } from './NewPasswordFields.tsx';

interface Preview {
  merchant_name: string;
  email: string;
  role: 'owner' | 'staff' | 'developer';
  expires_at: string;
  account_exists: boolean;
}

const ROLE_TEXT: Record<Preview['role'], string> = {
  owner: 'an owner (everything for this merchant)',
  staff: 'staff (payments and refunds)',
  developer: 'a developer (embed codes and API keys)',
};
const FIELD_IDS: Record<NewPasswordField, string> = {
  password: 'invite-password',
  confirmPassword: 'invite-confirm',
};

/** POST a JSON body to the invitation API, signed in if the visitor is; the answer, or its error. */
async function post<T>(
  path: string,
  body: unknown,
): Promise<{ ok: true; data: T } | { ok: false; message: string; field?: string }> {
  try {
    const res = await siteAuth().fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const json = parseJson(await res.text()) as { error?: { message?: string; field?: string } } | null;
    if (res.ok) return { ok: true, data: json as T };
    return { ok: false, message: json?.error?.message ?? GENERIC_FAILURE, field: json?.error?.field };
  } catch {
    return { ok: false, message: GENERIC_FAILURE };
  }
}

export function AcceptInvitationPage() {
  const location = useLocation();
  const token = new URLSearchParams(location.search).get('token')?.trim() ?? '';
  const [preview, setPreview] = useState<Preview | null>(null);
  const [user, setUser] = useState<AuthUser | null>(null);
  const [failed, setFailed] = useState<string | null>(
    token ? null : 'This invitation link is not valid. Ask for a new one.',
  );
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [values, setValues] = useState<Record<NewPasswordField, string>>({
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<NewPasswordField, string | null>>>({});

  useEffect(() => {
    if (!token) return;
    let live = true;
    void restoreSession().then(async () => {
      const answer = await post<Preview>('/api/auth/invitations/preview', { token });
      if (!live) return;
      setUser(siteAuth().getState().user);
      if (answer.ok) setPreview(answer.data);
      else setFailed(answer.message);
    });
    return () => {
      live = false;
    };
  }, [token]);

  const accept = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || !preview) return;
    const creating = !user && !preview.account_exists;
    if (creating && values.password !== values.confirmPassword) {
      setErrors({ confirmPassword: PASSWORDS_DONT_MATCH });
      focusById(FIELD_IDS.confirmPassword);
      return;
    }
    setBusy(true);
    setNotice(null);
    const answer = await post<{ merchant_id: string }>('/api/auth/invitations/accept', {
      token,
      ...(creating ? { password: values.password } : {}),
    });
    if (!answer.ok) {
      setBusy(false);
      if (answer.field === 'password') {
        setErrors({ password: answer.message });
        focusById(FIELD_IDS.password);
      } else setNotice({ kind: 'error', content: answer.message });
      return;
    }
    try {
      if (creating) await siteAuth().signIn(preview.email, values.password);
      // A full navigation: the console starts from the session cookie.
      window.location.assign(`/admin/merchants/${encodeURIComponent(answer.data.merchant_id)}`);
    } catch {
      setBusy(false);
      setNotice({ kind: 'success', content: 'You have joined. Sign in to open the console.' });
    }
  };

  const signOut = async () => {
    await siteAuth()
      .signOut()
      .catch(() => undefined);
    setUser(null);
  };

  if (failed) {
    return (
      <AuthCard
        title="Invitation Not Valid"
        pageTitle="Accept Invitation"
        view="failed"
        notice={{ kind: 'error', content: failed }}
      >
        <div className="auth-card__actions">
          <Link className="button" to="/login">
            Sign In
          </Link>
          <Link className="button button--secondary" to="/">
            Go Home
          </Link>
        </div>
      </AuthCard>
    );
  }
  if (!preview) return <AuthCard title="Accept Invitation" lead="Checking your invitation…" />;

  const intro = (
    <>
      You are invited to join <strong>{preview.merchant_name}</strong> as {ROLE_TEXT[preview.role]}, with the
      address <strong>{preview.email}</strong>.
    </>
  );
  const here = `/accept-invitation?token=${encodeURIComponent(token)}`;
  const signedInAsInvited = user && user.email.toLowerCase() === preview.email;

  return (
    <AuthCard
      title={`Join ${preview.merchant_name}`}
      pageTitle="Accept Invitation"
      lead={intro}
      notice={notice}
    >
      {signedInAsInvited ? (
        <div className="auth-card__actions">
          <button
            type="button"
            className="button"
            onClick={() => void accept()}
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? 'Joining...' : 'Accept and Open the Console'}
          </button>
        </div>
      ) : user ? (
        <>
          <p>
            You are signed in as <strong>{user.email}</strong>. Sign out, then open this link again to accept
            it as {preview.email}.
          </p>
          <div className="auth-card__actions">
            <button type="button" className="button" onClick={() => void signOut()}>
              Sign Out
            </button>
          </div>
        </>
      ) : preview.account_exists ? (
        <>
          <p>{preview.email} already has an account: sign in, and you come back here to accept.</p>
          <div className="auth-card__actions">
            <Link className="button" to={`/login?next=${encodeURIComponent(here)}`}>
              Sign In to Accept
            </Link>
          </div>
        </>
      ) : (
        <form className="auth-form" noValidate onSubmit={accept} aria-label="Create your account and accept">
          <p>Choose a password for your new account.</p>
          <NewPasswordFields
            ids={FIELD_IDS}
            labels={{ password: 'Password', confirmPassword: 'Confirm password' }}
            values={values}
            errors={errors}
            onChange={(field) => (value) => {
              setValues((v) => ({ ...v, [field]: value }));
              if (errors[field]) setErrors((e) => ({ ...e, [field]: null }));
            }}
          />
          <button type="submit" className="button" disabled={busy} aria-busy={busy}>
            {busy ? 'Joining...' : 'Create Account and Join'}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
