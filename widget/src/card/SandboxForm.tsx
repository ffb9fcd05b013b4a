/**
 * What sandbox mode's two forms share (the test card, ./SandboxCard.tsx, and the test bank debit,
 * ./SandboxBankDebit.tsx): the frame with its "Test mode" badge and the list of test numbers, and
 * one labelled input. The ids and parts are the ones the forms have always had (tests and host
 * stylesheets select them).
 */
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useWidget } from '../flow/i18n-context.ts';
import type { CardBoxProps } from './card-handle.ts';

/** Only the digits of what was typed. */
export const digits = (s: string) => s.replace(/\D/g, '');

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
