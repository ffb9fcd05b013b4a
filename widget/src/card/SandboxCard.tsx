/**
 * Sandbox mode's card box: the widget's own test-card form (holder, number, expiry MM/YY, CVC),
 * clearly marked as test mode. It talks only to `/api/sandbox/*`, the sandbox provider's stand-in
 * for Stripe.js: the card becomes a confirmation token there (as `createConfirmationToken` makes one
 * at Stripe), and a 3-D Secure step is completed or failed there. Our server prices and confirms.
 */
import { useEffect, useRef, useState } from 'react';
import { useWidget } from '../flow/i18n-context.ts';
import type { PayApi } from '../lib/api.ts';
import type { CardBoxProps, CardHandle } from './card-handle.ts';
import { digits, errorAria, SandboxField, SandboxForm } from './SandboxForm.tsx';

interface Props extends CardBoxProps {
  api: PayApi;
  account: string | null;
}

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
  const { t } = useWidget();
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
          return { error: { code: 'incomplete_number', message: t.incompleteNumber } };
        if (!mm || !yy || yy.length !== 2)
          return { error: { code: 'incomplete_expiry', message: t.incompleteExpiry } };
        if (digits(f.cvc).length < 3) return { error: { code: 'incomplete_cvc', message: t.incompleteCvc } };
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
  }, [api, account, onHandle, onCardChange, t]);

  const changed = (set: (v: string) => void, key: 'number' | 'expiry' | 'cvc') => (v: string) => {
    set(v);
    onCardChange(complete({ ...fields.current, [key]: v }));
  };
  const { invalid, described } = errorAria({ hasError, errorId });

  return (
    <SandboxForm
      testSummary={t.testCardsSummary}
      testText={t.testCards}
      after={
        challenge && (
          <div className="dialog" role="dialog" aria-modal="false" aria-labelledby="ip-3ds">
            <h3 id="ip-3ds">{t.threeDsTitle}</h3>
            <p className="muted">{t.threeDsText}</p>
            <div className="actions">
              <button type="button" className="primary" ref={challengeRef} onClick={() => challenge(true)}>
                {t.threeDsComplete}
              </button>
              <button type="button" onClick={() => challenge(false)}>
                {t.threeDsFail}
              </button>
            </div>
          </div>
        )
      }
    >
      <SandboxField
        id="ip-cn"
        className="field"
        label={t.cardholderName}
        autoComplete="cc-name"
        value={name}
        disabled={disabled}
        onValue={setName}
      />
      <SandboxField
        id="ip-cc"
        className="field"
        label={t.cardNumber}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={number}
        disabled={disabled}
        aria-invalid={invalid}
        aria-describedby={described}
        onValue={(v) => changed(setNumber, 'number')(groupNumber(v))}
      />
      <div className="field two-columns">
        <SandboxField
          id="ip-ce"
          label={t.cardExpiry}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={expiry}
          disabled={disabled}
          aria-invalid={invalid}
          onValue={(v) => changed(setExpiry, 'expiry')(formatExpiry(v))}
        />
        <SandboxField
          id="ip-cv"
          label={t.cardCvc}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          value={cvc}
          disabled={disabled}
          aria-invalid={invalid}
          onValue={(v) => changed(setCvc, 'cvc')(digits(v).slice(0, 4))}
        />
      </div>
    </SandboxForm>
  );
}
