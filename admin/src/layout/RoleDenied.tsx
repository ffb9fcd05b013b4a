/**
 * What a role cannot do, said once (issue 50 item 5): "Only owners manage the team — ask
 * olive@example.com." It is the page a member gets for a console page their role does not open
 * (react-admin's accessDenied, shown at /access-denied: the refused path's resource says which
 * action), for the platform's pages (no action: the operators'), and the note on a settings card
 * they may read but not change. The app bar keeps the page's own title; nothing else on the page
 * repeats the refusal.
 */
import { Alert, Box, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import type { MemberAction } from '../../../core/roles.ts';
import { resourceAction, whomToAsk } from '../access.ts';
import { refusedPath } from './titles.ts';

/** Who may take each action, as one sentence (the roles table in core/roles.ts, in words). */
const WHO_MAY: Record<MemberAction, string> = {
  'merchant.read': 'console.denied.merchant_read',
  'merchant.update': 'console.denied.merchant_update',
  'payments.read': 'console.denied.payments_read',
  'pay_links.manage': 'console.denied.pay_links_manage',
  'payments.refund': 'console.denied.payments_refund',
  'payments.adjust': 'console.denied.payments_adjust',
  'accounting.manage': 'console.denied.accounting_manage',
  'domains.manage': 'console.denied.domains_manage',
  'webhooks.manage': 'console.denied.webhooks_manage',
  'connect.manage': 'console.denied.connect_manage',
  'api_keys.manage': 'console.denied.api_keys_manage',
  'audit.read': 'console.denied.audit_read',
  'team.manage': 'console.denied.team_manage',
};

/** The sentence: who may, and whom to ask ("— ask a or b.") when there is someone to name. */
export function useDenial(): (action: MemberAction | undefined, merchantId?: string) => string {
  const translate = useTranslate();
  return (action, merchantId) => {
    if (!action) return translate('console.denied.operators');
    const who = translate(WHO_MAY[action]);
    const ask = whomToAsk(merchantId);
    return ask.length ? translate('console.denied.ask', { who, owners: ask.join(' or ') }) : `${who}.`;
  };
}

/** The page for a path the user's role does not open: the one message, and the way back. */
export function RoleDenied({ action }: { action?: MemberAction }) {
  const translate = useTranslate();
  const denial = useDenial();
  const { pathname } = useLocation();
  const shown = /^\/access-denied\/?$/.test(pathname) ? refusedPath() : pathname;
  const resource = shown.split('/').filter(Boolean)[0] ?? '';
  const needed = action ?? resourceAction(resource);
  // Reloaded at /access-denied, the refused page is not known any more.
  const text = shown ? denial(needed) : translate('console.denied.unknown');
  return (
    <Box sx={{ py: 4, maxWidth: 640 }}>
      <Alert severity="info" role="status" data-testid="role-denied">
        {text}
      </Alert>
      <Button variant="contained" component={Link} to="/dashboard" sx={{ mt: 2 }}>
        {translate('console.not_found.dashboard')}
      </Button>
    </Box>
  );
}
