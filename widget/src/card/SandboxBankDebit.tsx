/**
 * Sandbox mode's AU BECS Direct Debit form: the stand-in for the Payment Element's "BECS
 * Direct Debit" tab — account holder name, email, BSB and account number, and the Direct Debit
 * Request service agreement the customer accepts (Stripe's mandate text, which its element shows).
 * The details become a confirmation token at `/api/sandbox/*` with the mandate accepted online, as
 * `createConfirmationToken` makes one at Stripe; our server quotes and confirms as for cards.
 */
import { useWidget } from '../flow/i18n-context.ts';
import {
  BsbAccountFields,
  digits,
  formatBsb,
  SandboxField,
  type BankFormProps,
  SandboxForm,
  useBankForm,
} from './SandboxForm.tsx';

interface Fields {
  name: string;
  email: string;
  bsb: string;
  number: string;
  accepted: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Complete enough to be quoted unasked: every field filled in and the mandate accepted. */
const complete = (f: Fields) =>
  f.name.trim() !== '' &&
  EMAIL.test(f.email.trim()) &&
  digits(f.bsb).length === 6 &&
  digits(f.number).length >= 5 &&
  f.accepted;

export function SandboxBankDebit(props: BankFormProps) {
  const { api, account, disabled } = props;
  const { t } = useWidget();
  const { fields, change, aria } = useBankForm<Fields>(props, {
    initial: { name: '', email: props.email, bsb: '', number: '', accepted: false },
    complete,
    async token(f, billing) {
      const mail = f.email.trim() || billing.email || '';
      const missing = (code: string, message: string) => ({ error: { code, message } });
      if (!f.name.trim()) return missing('incomplete_name', t.incompleteName);
      if (!EMAIL.test(mail)) return missing('incomplete_email', t.incompleteEmail);
      if (digits(f.bsb).length !== 6) return missing('incomplete_au_bank_account_bsb', t.incompleteBsb);
      if (digits(f.number).length < 5)
        return missing('incomplete_au_bank_account_number', t.incompleteAccountNumber);
      if (!f.accepted) return missing('mandate_not_accepted', t.mandateNotAccepted);
      const r = await api.sandbox<{ id: string }>('/confirmation_tokens', {
        payment_method_data: {
          type: 'au_becs_debit',
          au_becs_debit: { bsb_number: formatBsb(f.bsb), account_number: digits(f.number) },
          billing_details: { name: f.name.trim(), email: mail },
        },
        mandate_data: { customer_acceptance: { type: 'online', online: { infer_from_client: true } } },
        stripe_account: account ?? undefined,
      });
      return r.error ? { error: r.error } : { token: r.ok.id };
    },
    cleared: (f) => ({ ...f, bsb: '', number: '', accepted: false }),
  });

  return (
    <SandboxForm testSummary={t.testAccountsSummary} testText={t.testAccounts}>
      <SandboxField
        id="ip-bn"
        className="field"
        label={t.accountHolderName}
        autoComplete="name"
        value={fields.name}
        disabled={disabled}
        onValue={(v) => change('name', v)}
      />
      <SandboxField
        id="ip-be"
        className="field"
        label={t.accountEmail}
        type="email"
        autoComplete="email"
        value={fields.email}
        disabled={disabled}
        onValue={(v) => change('email', v)}
      />
      <BsbAccountFields
        ids={{ bsb: 'ip-bsb', number: 'ip-ban' }}
        bsb={fields.bsb}
        number={fields.number}
        disabled={disabled}
        aria={aria}
        onBsb={(v) => change('bsb', v)}
        onNumber={(v) => change('number', v)}
      />
      <p className="mandate-text" id="ip-mandate">
        {t.mandateText(props.merchantName)}
      </p>
      <div className="field checkbox-field">
        <input
          id="ip-bm"
          type="checkbox"
          checked={fields.accepted}
          disabled={disabled}
          aria-describedby="ip-mandate"
          onChange={(e) => change('accepted', e.target.checked)}
        />
        <label htmlFor="ip-bm">{t.mandateAccept}</label>
      </div>
    </SandboxForm>
  );
}
