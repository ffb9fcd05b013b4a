/**
 * Sandbox mode's card box: the widget's own test-card form (holder, number, expiry MM/YY, CVC),
 * clearly marked as test mode. It talks only to `/api/sandbox/*`, the sandbox provider's stand-in
 * for Stripe.js: create a payment method, confirm the intent, complete or fail 3-D Secure.
 */
import { useEffect, useRef, useState } from 'react';
import type { PayApi } from '../lib/api.ts';
import type { CardBoxProps, CardHandle, ConfirmResult } from './card-handle.ts';

interface Props extends CardBoxProps {
  api: PayApi;
  account: string | null;
}

type Intent = { id: string; status: string };

const digits = (s: string) => s.replace(/\D/g, '');
const groupNumber = (s: string) =>
  digits(s)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
function formatExpiry(s: string): string {
  const d = digits(s).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

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
    const authenticate = (intent: Intent, clientSecret: string) =>
      new Promise<boolean>((resolve) => setChallenge(() => resolve)).then(
        async (ok): Promise<ConfirmResult> => {
          setChallenge(null);
          const r = await api.sandbox<{ paymentIntent: Intent }>(
            `/payment_intents/${intent.id}/authenticate`,
            {
              client_secret: clientSecret,
              result: ok ? 'complete' : 'fail',
            },
          );
          return r.error ? { error: r.error } : { paymentIntent: r.ok.paymentIntent };
        },
      );

    const handle: CardHandle = {
      async createPaymentMethod() {
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
        const r = await api.sandbox<{ id: string }>('/payment_methods', {
          type: 'card',
          card: {
            number: digits(f.number),
            exp_month: Number(mm),
            exp_year: 2000 + Number(yy),
            cvc: digits(f.cvc),
          },
          billing_details: f.name.trim() ? { name: f.name.trim() } : undefined,
          stripe_account: account ?? undefined,
        });
        return r.error ? { error: r.error } : { id: r.ok.id };
      },
      async confirm(clientSecret, paymentMethodId) {
        const id = clientSecret.split('_secret_')[0];
        const r = await api.sandbox<{ paymentIntent: Intent }>(`/payment_intents/${id}/confirm`, {
          client_secret: clientSecret,
          payment_method: paymentMethodId,
        });
        if (r.error) return { error: r.error };
        const intent = r.ok.paymentIntent;
        return intent.status === 'requires_action'
          ? authenticate(intent, clientSecret)
          : { paymentIntent: intent };
      },
      clear() {
        setName('');
        setNumber('');
        setExpiry('');
        setCvc('');
      },
    };
    onHandle(handle);
    return () => onHandle(null);
  }, [api, account, onHandle]);

  const changed = (set: (v: string) => void) => (v: string) => {
    set(v);
    onCardChange();
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
          onChange={(e) => changed(setNumber)(groupNumber(e.target.value))}
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
            onChange={(e) => changed(setExpiry)(formatExpiry(e.target.value))}
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
            onChange={(e) => changed(setCvc)(digits(e.target.value).slice(0, 4))}
          />
        </div>
      </div>
      <p className="hint">
        Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995
        insufficient funds; 4000 0000 0000 9979 stolen; 4000 0000 0000 0069 expired; 4000 0000 0000 3220 asks
        for 3-D Secure. Any future expiry and any CVC.
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
