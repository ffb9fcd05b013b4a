/**
 * /admin/accounting/callback: where Xero or QuickBooks send the admin back after consent. Posts
 * code, state (and QuickBooks' realmId) to the API, then opens the merchant's page.
 */
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../api.ts';
import { accountingApi } from '../shared/accountingApi.ts';

export function AccountingCallback() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    const state = params.get('state');
    const denied = params.get('error_description') ?? params.get('error');
    if (denied) return setError(`The connection was not approved: ${denied}`);
    if (!code) return setError('No authorization code received');
    if (!state) return setError('No state received');
    accountingApi
      .completeConnect({ code, state, realmId: params.get('realmId') })
      .then((res) => {
        notify(`${res.provider === 'quickbooks' ? 'QuickBooks' : 'Xero'} connected`, { type: 'success' });
        navigate(`/merchants/${res.merchant_id}`, { replace: true });
      })
      .catch((err) =>
        setError(
          err instanceof ApiError ? err.message : 'Could not complete the connection. Please try again.',
        ),
      );
  }, [params, navigate, notify]);

  return (
    <Box sx={{ py: 4 }}>
      {error ? (
        <>
          <Alert severity="error" role="alert">
            {error}
          </Alert>
          <Button component={Link} to="/xero-integration" sx={{ mt: 2 }}>
            Back to Xero Integration
          </Button>
        </>
      ) : (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <CircularProgress size={24} aria-label="Connecting" /> Completing the connection…
        </Box>
      )}
    </Box>
  );
}
