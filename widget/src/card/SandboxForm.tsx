/**
 * What sandbox mode's two forms share (the test card, ./SandboxCard.tsx, and the test bank debit,
 * ./SandboxBankDebit.tsx): the frame with its "Test mode" badge and the list of test numbers, and
 * one labelled input. The ids and parts are the ones the forms have always had (tests and host
 * stylesheets select them).
 */
import { useEffect, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useWidget } from '../flow/i18n-context.ts';
import type { PayApi } from '../lib/api.ts';
import type { CardBoxProps, CardHandle, TokenResult } from './card-handle.ts';

/** Only the digits of what was typed. */
export const digits = (s: string) => s.replace(/\D/g, '');

/** A BSB as typed, shown as `000-000`. */
export const formatBsb = (s: string) => {
  const d = digits(s).slice(0, 6);
  return d.length > 3 ? `${d.slice(0, 3)}-${d.slice(3)}` : d;
};

/** The test-mode frame: badge first (what the fields are described by), the test numbers last. */
export function SandboxForm(props: {
  testSummary: string;
  testText: string;
  children: ReactNode;
  after?: ReactNode;
}) {
  const { t } = useWidget();
  return (
    <div className="payment-details" part="card">
      <p>
        <span className="test-mode-badge" id={TEST_MODE_ID}>
          {t.testMode}
        </span>
      </p>
      {props.children}
      <details className="test-cards">
        <summary>{props.testSummary}</summary>
        <p>{props.testText}</p>
      </details>
      {props.after}
    </div>
  );
}

const TEST_MODE_ID = 'ip-tm';

/** How the fields the card box's error is about point at it (else at the test-mode badge). */
export function errorAria({ hasError, errorId }: Pick<CardBoxProps, 'hasError' | 'errorId'>) {
  return { invalid: hasError ? true : undefined, described: hasError ? errorId : TEST_MODE_ID };
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> & {
  id: string;
  label: string;
  /** `field` for a row of its own; none inside a `two-columns` row. */
  className?: string;
  onValue(value: string): void;
};

/** One labelled input (`part="input"`), reporting its new value. */
export function SandboxField({ id, label, className, onValue, ...input }: FieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <input id={id} part="input" {...input} onChange={(e) => onValue(e.target.value)} />
    </div>
  );
}

/**
 * An Australian bank account: BSB (shown as `000-000`) and account number (digits, up to nine),
 * side by side; the card box's error describes them. Used by the BECS and PayTo test forms.
 */
export function BsbAccountFields(props: {
  ids: { bsb: string; number: string };
  bsb: string;
  number: string;
  disabled: boolean;
  aria: ReturnType<typeof errorAria>;
  onBsb(value: string): void;
  onNumber(value: string): void;
}) {
  const { t } = useWidget();
  return (
    <div className="field two-columns">
      <SandboxField
        id={props.ids.bsb}
        label={t.bsb}
        inputMode="numeric"
        placeholder={t.bsbHint}
        value={props.bsb}
        disabled={props.disabled}
        aria-invalid={props.aria.invalid}
        aria-describedby={props.aria.described}
        onValue={(v) => props.onBsb(formatBsb(v))}
      />
      <SandboxField
        id={props.ids.number}
        label={t.accountNumber}
        inputMode="numeric"
        placeholder={t.accountNumberHint}
        value={props.number}
        disabled={props.disabled}
        aria-invalid={props.aria.invalid}
        onValue={(v) => props.onNumber(digits(v).slice(0, 9))}
      />
    </div>
  );
}

/** What a bank method's test form (BECS, PayTo) is given. */
export interface BankFormProps extends CardBoxProps {
  api: PayApi;
  account: string | null;
  merchantName: string;
  /** The email the payment form already has (the receipt's address), if any. */
  email: string;
}

/**
 * A bank method's test form (BECS, PayTo): its fields, each change reported as complete or not,
 * and the card-box handle — `token` turns the fields into a confirmation token (or says what is
 * missing); after a payment `cleared` empties what must be typed again. A bank method has no step
 * in the browser after confirmation.
 */
export function useBankForm<F extends object>(
  props: Pick<CardBoxProps, 'onHandle' | 'onCardChange' | 'hasError' | 'errorId'>,
  o: {
    initial: F;
    complete(fields: F): boolean;
    token(fields: F, billing: { email?: string }): Promise<TokenResult>;
    cleared(fields: F): F;
  },
) {
  const { t } = useWidget();
  const [fields, setFields] = useState<F>(o.initial);
  const latest = useRef(fields);
  latest.current = fields;
  const ops = useRef(o);
  ops.current = o;
  const { onHandle, onCardChange } = props;

  useEffect(() => {
    const handle: CardHandle = {
      createToken: (billing) => ops.current.token(latest.current, billing),
      async handleNextAction() {
        return { error: { code: 'unexpected_next_action', message: t.noNextAction } };
      },
      clear() {
        setFields((f) => ops.current.cleared(f));
        onCardChange(false);
      },
    };
    onHandle(handle);
    return () => onHandle(null);
  }, [onHandle, onCardChange, t]);

  const change = <K extends keyof F>(key: K, value: F[K]) => {
    const next = { ...latest.current, [key]: value };
    setFields(next);
    onCardChange(ops.current.complete(next));
  };
  return { fields, change, aria: errorAria(props) };
}
