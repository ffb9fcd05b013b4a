/**
 * /admin/accounting/callback: where Xero or QuickBooks send the admin, or the merchant's owner
 * (accounting.manage), back after consent. Posts
 * code, state (and QuickBooks' realmId) to the API, then opens the merchant's page.
 */
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { serverMessage } from '../data/http.ts';
import { useAction } from '../data/useAction.ts';
import { isAdmin } from '../access.ts';
import { merchantTabPath } from '../merchants/merchant-tabs.ts';

export function AccountingCallback() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const translate = useTranslate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const complete = useAction(
    (dp, p: { code: string; state: string; realmId: string | null }) => dp.completeAccountingConnect(p),
    {
      success: (res) =>
        res.provider === 'quickbooks'
          ? 'console.accounting.quickbooks_connected'
          : 'console.accounting.xero_connected',
      failure: false,
      invalidate: ['merchants'],
      onSuccess: (res) => navigate(merchantTabPath(res.merchant_id, 'accounting'), { replace: true }),
      onError: (err) => setError(serverMessage(err) ?? translate('console.accounting.callback_failed')),
    },
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    const state = params.get('state');
    const denied = params.get('error_description') ?? params.get('error');
    if (denied) return setError(translate('console.accounting.denied', { reason: denied }));
    if (!code) return setError(translate('console.accounting.no_code'));
    if (!state) return setError(translate('console.accounting.no_state'));
    complete.mutate({ code, state, realmId: params.get('realmId') });
  }, [params, complete, translate]);

  return (
    <Box sx={{ py: 4 }}>
      {error ? (
        <>
          <Alert severity="error" role="alert">
            {error}
          </Alert>
          <Button component={Link} to={isAdmin() ? '/xero-integration' : '/merchants'} sx={{ mt: 2 }}>
            {translate(isAdmin() ? 'console.accounting.back' : 'console.accounting.back_merchants')}
          </Button>
        </>
      ) : (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <CircularProgress size={24} aria-label={translate('console.accounting.connecting')} />{' '}
          {translate('console.accounting.completing')}
        </Box>
      )}
    </Box>
  );
}
