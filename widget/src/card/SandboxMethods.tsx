/**
 * Sandbox mode with bank debit on (issue 17): the choice the Payment Element offers as tabs, Card or
 * BECS Direct Debit, then that method's form. Changing method drops any quote (the surcharge rule
 * differs): the new form reports itself not ready until it is filled in.
 */
import { useState } from 'react';
import type { PayApi } from '../lib/api.ts';
import type { CardBoxProps } from './card-handle.ts';
import { SandboxBankDebit } from './SandboxBankDebit.tsx';
import { SandboxCard } from './SandboxCard.tsx';

interface Props extends CardBoxProps {
  api: PayApi;
  account: string | null;
  merchantName: string;
  email: string;
}

export function SandboxMethods(props: Props) {
  const [method, setMethod] = useState<'card' | 'au_becs_debit'>('card');
  const choose = (m: 'card' | 'au_becs_debit') => {
    if (m === method) return;
    setMethod(m);
    props.onCardChange(false);
  };
  return (
    <>
      <div className="tabs" role="radiogroup" aria-label="Payment method">
        {(
          [
            ['card', 'Card'],
            ['au_becs_debit', 'BECS Direct Debit'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className={method === value ? 'on' : undefined}>
            <input
              type="radio"
              name="ip-method"
              value={value}
              checked={method === value}
              disabled={props.disabled}
              onChange={() => choose(value)}
            />
            {label}
          </label>
        ))}
      </div>
      {method === 'card' ? <SandboxCard {...props} /> : <SandboxBankDebit {...props} />}
    </>
  );
}
