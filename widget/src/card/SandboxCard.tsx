/**
 * Sandbox mode's card box: the widget's own test-card form (holder, number, expiry MM/YY, CVC),
 * clearly marked as test mode. It talks only to `/api/sandbox/*`, the sandbox provider's stand-in
 * for Stripe.js: the card becomes a confirmation token there (as `createConfirmationToken` makes one
 * at Stripe), and a 3-D Secure step is completed or failed there. Our server prices and confirms.
 */
import { useEffect, useRef, useState } from 'react';
import type { PayApi } from '../lib/api.ts';
import type { CardBoxProps, CardHandle } from './card-handle.ts';

interface Props extends CardBoxProps {
  api: PayApi;
  account: string | null;
}

const digits = (s: string) => s.replace(/\D/g, '');
const groupNumber = (s: string) =>
  digits(s)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
function formatExpiry(s: string): string {
  const d = digits(s).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

/** Complete enough to ask for a quote: a full number, an expiry and a CVC. */
const complete = (f: { number: string; expiry: string; cvc: string }) =>
  digits(f.number).length >= 15 && /^\d\d\/\d\d$/.test(f.expiry) && digits(f.cvc).length >= 3;

export function SandboxCard({ api, account, onHandle, onCardChange, disabled, errorId, hasError }: Props) {
  const [name, setName] = useState('');
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [challenge, setChallenge] = useState<null | ((ok: boolean) => void)>(null);
  const fields = useRef({ name, number, expiry, cvc });
  fields.current = { name, number, expiry, cvc };
  const challengeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (challenge) challengeRef.current?.focus();
  }, [challenge]);

  useEffect(() => {
    const handle: CardHandle = {
      async createToken() {
        const f = fields.current;
        const [mm, yy] = f.expiry.split('/');
        if (digits(f.number).length < 12)
          return { error: { code: 'incomplete_number', message: 'Your card number is incomplete.' } };
        if (!mm || !yy || yy.length !== 2)
          return {
            error: { code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." },
          };
        if (digits(f.cvc).length < 3)
          return { error: { code: 'incomplete_cvc', message: "Your card's security code is incomplete." } };
        const r = await api.sandbox<{ id: string }>('/confirmation_tokens', {
          payment_method_data: {
            type: 'card',
            card: {
              number: digits(f.number),
              exp_month: Number(mm),
              exp_year: 2000 + Number(yy),
              cvc: digits(f.cvc),
            },
            billing_details: f.name.trim() ? { name: f.name.trim() } : undefined,
          },
          stripe_account: account ?? undefined,
        });
        return r.error ? { error: r.error } : { token: r.ok.id };
      },
      async handleNextAction(clientSecret) {
        const ok = await new Promise<boolean>((resolve) => setChallenge(() => resolve));
        setChallenge(null);
        const id = clientSecret.split('_secret_')[0];
        const r = await api.sandbox<{ paymentIntent: { status: string } }>(
          `/payment_intents/${id}/authenticate`,
          { client_secret: clientSecret, result: ok ? 'complete' : 'fail' },
        );
        return r.error ? { error: r.error } : { ok: true };
      },
      clear() {
        setName('');
        setNumber('');
        setExpiry('');
        setCvc('');
        onCardChange(false);
      },
    };
    onHandle(handle);
    return () => onHandle(null);
  }, [api, account, onHandle, onCardChange]);

  const changed = (set: (v: string) => void, key: 'number' | 'expiry' | 'cvc') => (v: string) => {
    set(v);
    onCardChange(complete({ ...fields.current, [key]: v }));
  };
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
        <label htmlFor="ip-cn">Cardholder name</label>
        <input
          id="ip-cn"
          autoComplete="cc-name"
          value={name}
          disabled={disabled}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="f">
        <label htmlFor="ip-cc">Card number</label>
        <input
          id="ip-cc"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={number}
          disabled={disabled}
          aria-invalid={invalid}
          aria-describedby={described}
          onChange={(e) => changed(setNumber, 'number')(groupNumber(e.target.value))}
        />
      </div>
      <div className="f g">
        <div>
          <label htmlFor="ip-ce">Expiry (MM/YY)</label>
          <input
            id="ip-ce"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            value={expiry}
            disabled={disabled}
            aria-invalid={invalid}
            onChange={(e) => changed(setExpiry, 'expiry')(formatExpiry(e.target.value))}
          />
        </div>
        <div>
          <label htmlFor="ip-cv">CVC</label>
          <input
            id="ip-cv"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            value={cvc}
            disabled={disabled}
            aria-invalid={invalid}
            onChange={(e) => changed(setCvc, 'cvc')(digits(e.target.value).slice(0, 4))}
          />
        </div>
      </div>
      <p className="hint">
        Test cards: 4242 4242 4242 4242 Visa credit; 4000 0566 5566 5556 Visa debit; 4000 0003 6000 0006
        Australian Visa; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 insufficient funds; 4000 0000
        0000 9979 stolen; 4000 0000 0000 0069 expired; 4000 0000 0000 3220 asks for 3-D Secure. Any future
        expiry and any CVC.
      </p>
      {challenge && (
        <div className="dlg" role="dialog" aria-modal="false" aria-labelledby="ip-3ds">
          <h3 id="ip-3ds">3-D Secure authentication (test mode)</h3>
          <p className="m">Your bank asks you to confirm this payment.</p>
          <div className="acts">
            <button type="button" className="p" ref={challengeRef} onClick={() => challenge(true)}>
              Complete authentication
            </button>
            <button type="button" onClick={() => challenge(false)}>
              Fail authentication
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
