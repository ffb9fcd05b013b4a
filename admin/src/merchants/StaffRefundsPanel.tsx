/**
 * How much staff may refund of one payment in total (issue 32, issue 49 item 6): off (any amount), or a limit in dollars,
 * where 0 means staff cannot refund. Owners and admins set it; the server enforces it on every refund
 * by staff (403 above it) and never limits owners.
 */
import { Button } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Merchant } from '../shared/types.ts';
import {
  cents,
  DecimalField,
  dollars,
  SettingsCard,
  useMerchantSave,
  useReadOnlyNote,
} from './SettingsCard.tsx';

export function StaffRefundsPanel({ merchant: m }: { merchant: Merchant }) {
  const translate = useTranslate();
  const { busy, error, setError, save: saveMerchant } = useMerchantSave(m, 'console.staff_refunds.saved');
  const [limited, setLimited] = useState(m.staff_refund_limit !== null);
  const [limit, setLimit] = useState(dollars(m.staff_refund_limit));
  const note = useReadOnlyNote(m);

  useEffect(() => {
    setLimited(m.staff_refund_limit !== null);
    setLimit(dollars(m.staff_refund_limit));
  }, [m]);

  function save() {
    setError(null);
    if (!limited) return saveMerchant({ staff_refund_limit: null });
    const amount = cents(limit);
    if (amount === undefined || amount === null)
      return setError(translate('console.staff_refunds.amount_invalid'));
    saveMerchant({ staff_refund_limit: amount });
  }

  return (
    <SettingsCard
      titleId="staff-refunds-title"
      title={translate('console.staff_refunds.title')}
      help={translate('console.staff_refunds.help')}
      error={error}
      enabled={limited}
      onEnabled={setLimited}
      enabledLabel={translate('console.staff_refunds.limited')}
      readOnly={
        note
          ? {
              note,
              rows: [
                [
                  translate('console.staff_refunds.limit'),
                  m.staff_refund_limit === null
                    ? translate('console.staff_refunds.no_limit')
                    : dollars(m.staff_refund_limit),
                ],
              ],
            }
          : null
      }
    >
      <DecimalField
        label={translate('console.staff_refunds.limit')}
        value={limit}
        onChange={(e) => setLimit(e.target.value)}
        sx={{ display: 'block', my: 1 }}
        disabled={!limited}
        helperText={translate('console.staff_refunds.limit_help')}
      />
      <Button variant="contained" onClick={save} disabled={busy}>
        {busy ? translate('console.common.saving') : translate('console.staff_refunds.save')}
      </Button>
    </SettingsCard>
  );
}
