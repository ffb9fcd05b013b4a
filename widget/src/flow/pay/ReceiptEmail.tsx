/** The optional receipt email (DESIGN §4b), prefilled by the element's `customer-email`. */
import type { Dispatch } from 'react';
import { useWidget } from '../i18n-context.ts';
import type { PayEvent, PayState } from './pay-machine.ts';

export function ReceiptEmail({
  state,
  dispatch,
  busy,
}: {
  state: PayState;
  dispatch: Dispatch<PayEvent>;
  busy: boolean;
}) {
  const { t } = useWidget();
  const error = state.problems.email;
  return (
    <div className="section">
      <label htmlFor="ip-em">{t.emailLabel}</label>
      <input
        id="ip-em"
        type="email"
        autoComplete="email"
        part="input"
        value={state.email}
        disabled={busy}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'ip-eme' : undefined}
        onChange={(e) => dispatch({ type: 'EMAIL_TYPED', email: e.target.value })}
      />
      {error && (
        <p className="field-error" id="ip-eme" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
