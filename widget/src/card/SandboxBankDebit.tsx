/**
 * Sandbox mode's AU BECS Direct Debit form (issue 17): the stand-in for the Payment Element's "BECS
 * Direct Debit" tab — account holder name, email, BSB and account number, and the Direct Debit
 * Request service agreement the customer accepts (Stripe's mandate text, which its element shows).
 * The details become a confirmation token at `/api/sandbox/*` with the mandate accepted online, as
 * `createConfirmationToken` makes one at Stripe; our server quotes and confirms as for cards.
 */
import { useEffect, useRef, useState } from 'react';
import type { PayApi } from '../lib/api.ts';
import type { CardBoxProps, CardHandle } from './card-handle.ts';

interface Props extends CardBoxProps {
  api: PayApi;
  account: string | null;
  merchantName: string;
  /** The email the payment form already has (the receipt's address), if any. */
  email: string;
}

const digits = (s: string) => s.replace(/\D/g, '');
const formatBsb = (s: string) => {
  const d = digits(s).slice(0, 6);
  return d.length > 3 ? `${d.slice(0, 3)}-${d.slice(3)}` : d;
};
const complete = (f: { name: string; email: string; bsb: string; number: string; accepted: boolean }) =>
  f.name.trim() !== '' &&
  /.+@.+\..+/.test(f.email.trim()) &&
  digits(f.bsb).length === 6 &&
  digits(f.number).length >= 5 &&
  f.accepted;

/** Stripe's BECS mandate text (shown beside the element, as Stripe requires). */
export function mandateText(merchantName: string) {
  return (
    `By providing your bank account details, you agree to this Direct Debit Request and the Direct ` +
    `Debit Request service agreement, and authorise Stripe Payments Australia Pty Ltd ACN 160 180 343 ` +
    `Direct Debit User ID number 507156 ("Stripe") to debit your account through the Bulk Electronic ` +
    `Clearing System (BECS) on behalf of ${merchantName} (the "Merchant") for any amounts separately ` +
    `communicated to you by the Merchant. You certify that you are either an account holder or an ` +
    `authorised signatory on the account listed above.`
  );
}

export function SandboxBankDebit(props: Props) {
  const { api, account, onHandle, onCardChange, disabled, errorId, hasError } = props;
  const [name, setName] = useState('');
  const [email, setEmail] = useState(props.email);
  const [bsb, setBsb] = useState('');
  const [number, setNumber] = useState('');
  const [accepted, setAccepted] = useState(false);
  const fields = useRef({ name, email, bsb, number, accepted });
  fields.current = { name, email, bsb, number, accepted };

  useEffect(() => {
    const handle: CardHandle = {
      async createToken(billing) {
        const f = fields.current;
        const mail = f.email.trim() || billing.email || '';
        if (!f.name.trim())
          return { error: { code: 'incomplete_name', message: 'Enter the account holder name.' } };
        if (!/.+@.+\..+/.test(mail))
          return { error: { code: 'incomplete_email', message: 'Enter your email address.' } };
        if (digits(f.bsb).length !== 6)
          return { error: { code: 'incomplete_au_bank_account_bsb', message: 'Your BSB is incomplete.' } };
        if (digits(f.number).length < 5)
          return {
            error: {
              code: 'incomplete_au_bank_account_number',
              message: 'Your account number is incomplete.',
            },
          };
        if (!f.accepted)
          return {
            error: {
              code: 'mandate_not_accepted',
              message: 'Accept the Direct Debit Request to pay by bank debit.',
            },
          };
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
      async handleNextAction() {
        // A bank debit has no customer step after confirmation.
        return { error: { code: 'unexpected_next_action', message: 'This payment cannot be completed.' } };
      },
      clear() {
        setBsb('');
        setNumber('');
        setAccepted(false);
        onCardChange(false);
      },
    };
    onHandle(handle);
    return () => onHandle(null);
  }, [api, account, onHandle, onCardChange]);

  const changed = <K extends keyof typeof fields.current>(key: K, value: (typeof fields.current)[K]) =>
    onCardChange(complete({ ...fields.current, [key]: value }));
  const invalid = hasError ? true : undefined;
  const described = hasError ? errorId : 'ip-tm';

  return (
    <div className="card" part="card">
      <p>
        <span className="tm" id="ip-tm">
          Test mode
        </span>
      </p>
      <div className="f">
        <label htmlFor="ip-bn">Account holder name</label>
        <input
          id="ip-bn"
          autoComplete="name"
          value={name}
          disabled={disabled}
          onChange={(e) => {
            setName(e.target.value);
            changed('name', e.target.value);
          }}
        />
      </div>
      <div className="f">
        <label htmlFor="ip-be">Email</label>
        <input
          id="ip-be"
          type="email"
          autoComplete="email"
          value={email}
          disabled={disabled}
          onChange={(e) => {
            setEmail(e.target.value);
            changed('email', e.target.value);
          }}
        />
      </div>
      <div className="f g">
        <div>
          <label htmlFor="ip-bsb">BSB</label>
          <input
            id="ip-bsb"
            inputMode="numeric"
            placeholder="000-000"
            value={bsb}
            disabled={disabled}
            aria-invalid={invalid}
            aria-describedby={described}
            onChange={(e) => {
              const v = formatBsb(e.target.value);
              setBsb(v);
              changed('bsb', v);
            }}
          />
        </div>
        <div>
          <label htmlFor="ip-ban">Account number</label>
          <input
            id="ip-ban"
            inputMode="numeric"
            placeholder="000123456"
            value={number}
            disabled={disabled}
            aria-invalid={invalid}
            onChange={(e) => {
              const v = digits(e.target.value).slice(0, 9);
              setNumber(v);
              changed('number', v);
            }}
          />
        </div>
      </div>
      <p className="hint" id="ip-mandate">
        {mandateText(props.merchantName)}
      </p>
      <div className="f ck">
        <input
          id="ip-bm"
          type="checkbox"
          checked={accepted}
          disabled={disabled}
          aria-describedby="ip-mandate"
          onChange={(e) => {
            setAccepted(e.target.checked);
            changed('accepted', e.target.checked);
          }}
        />
        <label htmlFor="ip-bm">I accept the Direct Debit Request and its service agreement</label>
      </div>
      <p className="hint">
        Test accounts, BSB 000-000: 000123456 succeeds after a delay; 111111113 fails (account closed);
        111111116 fails (insufficient funds); 222222227 succeeds, then is disputed.
      </p>
    </div>
  );
}
