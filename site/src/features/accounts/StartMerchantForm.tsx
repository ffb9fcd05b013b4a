/**
 * "Start taking payments" (issue 32): a signed-in account with a confirmed email and no merchant
 * creates its business, which starts in onboarding with this account as its owner, and opens it in
 * the console (where Stripe onboarding is the next step). The server decides whether sign-up is
 * open (MERCHANT_SIGNUP) and says so when it is not.
 */
import { useState, type FormEvent } from 'react';
import { parseJson } from '../../../../client/http.ts';
import { siteAuth } from '../../shared/auth.ts';
import { focusById, TextField, type Notice } from './AuthCard.tsx';
import { GENERIC_FAILURE } from './messages.ts';

type Field = 'business_name' | 'name' | 'email';
const IDS: Record<Field, string> = {
  business_name: 'start-business',
  name: 'start-name',
  email: 'start-email',
};
const REQUIRED: Record<Field, string> = {
  business_name: 'Enter your business name',
  name: 'Enter your name',
  email: 'Enter your business email',
};

export function StartMerchantForm({ email, onNotice }: { email: string; onNotice: (n: Notice) => void }) {
  const [values, setValues] = useState<Record<Field, string>>({ business_name: '', name: '', email });
  const [errors, setErrors] = useState<Partial<Record<Field, string | null>>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // Every empty field is named at once, by the label the form shows it under.
    const missing = (Object.keys(IDS) as Field[]).filter((f) => !values[f].trim());
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((f) => [f, REQUIRED[f]])));
      focusById(IDS[missing[0]]);
      return;
    }
    setBusy(true);
    onNotice(null);
    try {
      const res = await siteAuth().fetch('/api/admin/merchants', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(values),
      });
      const json = parseJson(await res.text()) as {
        id?: string;
        error?: { message?: string; field?: string };
      } | null;
      if (res.status === 201 && json?.id) {
        window.location.assign(`/admin/merchants/${encodeURIComponent(json.id)}`);
        return;
      }
      const field = json?.error?.field as Field | undefined;
      if (field && field in IDS) {
        setErrors({ [field]: json?.error?.message ?? GENERIC_FAILURE });
        focusById(IDS[field]);
      } else onNotice({ kind: 'error', content: json?.error?.message ?? GENERIC_FAILURE });
    } catch {
      onNotice({ kind: 'error', content: GENERIC_FAILURE });
    }
    setBusy(false);
  };

  const edit = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: null }));
  };
  return (
    <form className="auth-form" noValidate onSubmit={submit} aria-labelledby="start-merchant-title">
      <h2 id="start-merchant-title">Start taking payments</h2>
      <p>Create your business: you connect Stripe next, then your payment links work.</p>
      <TextField
        id={IDS.business_name}
        label="Business name"
        type="text"
        autoComplete="organization"
        value={values.business_name}
        error={errors.business_name}
        onChange={edit('business_name')}
      />
      <TextField
        id={IDS.name}
        label="Your name"
        type="text"
        autoComplete="name"
        value={values.name}
        error={errors.name}
        onChange={edit('name')}
      />
      <TextField
        id={IDS.email}
        label="Business email"
        type="email"
        autoComplete="email"
        value={values.email}
        error={errors.email}
        onChange={edit('email')}
      />
      <button type="submit" className="button" disabled={busy} aria-busy={busy}>
        {busy ? 'Creating...' : 'Start Taking Payments'}
      </button>
    </form>
  );
}
