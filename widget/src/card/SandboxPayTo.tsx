/**
 * Sandbox mode's PayTo form: the stand-in for the Payment Element's PayTo tab — the payer's name
 * and the account to pay from, by PayID (an email, a mobile number or an ABN) or by BSB and
 * account number, and how PayTo works (the customer approves the request in their banking app after
 * pressing Pay). The details become a confirmation token at `/api/sandbox/*`, as
 * `createConfirmationToken` makes one at Stripe; our server quotes and confirms as for cards.
 */
import { useRef } from 'react';
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
  by: 'pay_id' | 'account';
  payId: string;
  bsb: string;
  number: string;
}

/** A PayID as banks take one: an email, an Australian mobile number or an 11-digit ABN. */
const PAY_ID = /^([^\s@]+@[^\s@]+\.[^\s@]+|(\+61|0)4\d{8}|\d{11})$/;
const payIdLike = (s: string) => PAY_ID.test(s.trim().replace(/[\s()-]/g, '')) || PAY_ID.test(s.trim());
/** Complete enough to be quoted unasked. */
const complete = (f: Fields) =>
  f.name.trim() !== '' &&
  (f.by === 'pay_id' ? payIdLike(f.payId) : digits(f.bsb).length === 6 && digits(f.number).length >= 5);

export function SandboxPayTo(props: BankFormProps) {
  const { api, account, disabled } = props;
  const { t } = useWidget();
  const email = useRef(props.email);
  email.current = props.email;
  const { fields, change, aria } = useBankForm<Fields>(props, {
    initial: { name: '', by: 'pay_id', payId: '', bsb: '', number: '' },
    complete,
    async token(f, billing) {
      const missing = (code: string, message: string) => ({ error: { code, message } });
      if (!f.name.trim()) return missing('incomplete_name', t.incompleteName);
      if (f.by === 'pay_id' && !payIdLike(f.payId)) return missing('incomplete_pay_id', t.incompletePayId);
      if (f.by === 'account' && digits(f.bsb).length !== 6)
        return missing('incomplete_au_bank_account_bsb', t.incompleteBsb);
      if (f.by === 'account' && digits(f.number).length < 5)
        return missing('incomplete_au_bank_account_number', t.incompleteAccountNumber);
      const r = await api.sandbox<{ id: string }>('/confirmation_tokens', {
        payment_method_data: {
          type: 'payto',
          payto:
            f.by === 'pay_id'
              ? { pay_id: f.payId.trim() }
              : { bsb_number: formatBsb(f.bsb), account_number: digits(f.number) },
          billing_details: { name: f.name.trim(), email: billing.email || email.current.trim() || undefined },
        },
        stripe_account: account ?? undefined,
      });
      return r.error ? { error: r.error } : { token: r.ok.id };
    },
    cleared: (f) => ({ ...f, payId: '', bsb: '', number: '' }),
  });

  return (
    <SandboxForm testSummary={t.testPayToSummary} testText={t.testPayTo}>
      <SandboxField
        id="ip-pn"
        className="field"
        label={t.payToName}
        autoComplete="name"
        value={fields.name}
        disabled={disabled}
        onValue={(v) => change('name', v)}
      />
      <fieldset className="field method-choice" part="payto-by">
        <legend className="field-label">{t.payToBy}</legend>
        {(['pay_id', 'account'] as const).map((by) => (
          <label key={by} className={fields.by === by ? 'chosen' : undefined}>
            <input
              type="radio"
              name="ip-payto-by"
              value={by}
              checked={fields.by === by}
              disabled={disabled}
              onChange={() => change('by', by)}
            />
            {by === 'pay_id' ? t.payToByPayId : t.payToByAccount}
          </label>
        ))}
      </fieldset>
      {fields.by === 'pay_id' ? (
        <SandboxField
          id="ip-pid"
          className="field"
          label={t.payToPayId}
          autoComplete="email"
          value={fields.payId}
          disabled={disabled}
          aria-invalid={aria.invalid}
          aria-describedby={aria.described}
          onValue={(v) => change('payId', v)}
        />
      ) : (
        <BsbAccountFields
          ids={{ bsb: 'ip-pbsb', number: 'ip-pan' }}
          bsb={fields.bsb}
          number={fields.number}
          disabled={disabled}
          aria={aria}
          onBsb={(v) => change('bsb', v)}
          onNumber={(v) => change('number', v)}
        />
      )}
      <p className="mandate-text">{t.payToHowItWorks(props.merchantName)}</p>
    </SandboxForm>
  );
}
