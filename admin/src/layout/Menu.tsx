/**
 * The console nav (spec §2): Dashboard, Merchants, Payments, Blog, Xero Integration, Test Xero URLs,
 * Sign Out, plus the admin lists. A merchant member sees the entries their roles open (access.ts):
 * their merchants, and payments, audit log or API keys as their role allows.
 */
import ArticleIcon from '@mui/icons-material/Article';
import BugReportIcon from '@mui/icons-material/BugReport';
import DashboardIcon from '@mui/icons-material/Dashboard';
import HistoryIcon from '@mui/icons-material/History';
import KeyIcon from '@mui/icons-material/Key';
import LinkIcon from '@mui/icons-material/Link';
import LogoutIcon from '@mui/icons-material/Logout';
import PaymentIcon from '@mui/icons-material/Payment';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptIcon from '@mui/icons-material/Receipt';
import SendIcon from '@mui/icons-material/Send';
import StoreIcon from '@mui/icons-material/Store';
import SyncIcon from '@mui/icons-material/Sync';
import { Divider } from '@mui/material';
import { Menu as RaMenu, useLogout, useTranslate } from 'react-admin';
import { can, canAccessResource, isAdmin } from '../access.ts';

function SignOutItem() {
  const logout = useLogout();
  const translate = useTranslate();
  return (
    <RaMenu.Item
      to="/login"
      primaryText={translate('console.nav.sign_out')}
      leftIcon={<LogoutIcon />}
      onClick={(e: React.MouseEvent) => {
        e.preventDefault();
        void logout({}, '/login');
      }}
    />
  );
}

export function ConsoleMenu() {
  const translate = useTranslate();
  if (!isAdmin()) return <MemberMenu />;
  return (
    <RaMenu>
      <RaMenu.Item
        to="/dashboard"
        primaryText={translate('console.nav.dashboard')}
        leftIcon={<DashboardIcon />}
      />
      <RaMenu.Item
        to="/merchants"
        primaryText={translate('console.nav.merchants')}
        leftIcon={<StoreIcon />}
      />
      <RaMenu.Item
        to="/payments"
        primaryText={translate('console.nav.payments')}
        leftIcon={<PaymentIcon />}
      />
      <RaMenu.Item to="/blogs" primaryText={translate('console.nav.blog')} leftIcon={<ArticleIcon />} />
      <RaMenu.Item
        to="/xero-integration"
        primaryText={translate('console.nav.xero_integration')}
        leftIcon={<SyncIcon />}
      />
      <RaMenu.Item
        to="/test-xero-urls"
        primaryText={translate('console.nav.test_xero_urls')}
        leftIcon={<LinkIcon />}
      />
      <Divider />
      <RaMenu.Item
        to="/invoices"
        primaryText={translate('console.nav.invoices')}
        leftIcon={<ReceiptIcon />}
      />
      <RaMenu.Item
        to="/prospects"
        primaryText={translate('console.nav.prospects')}
        leftIcon={<PeopleIcon />}
      />
      <RaMenu.Item
        to="/audit-log"
        primaryText={translate('console.nav.audit_log')}
        leftIcon={<HistoryIcon />}
      />
      <RaMenu.Item to="/api-keys" primaryText={translate('console.nav.api_keys')} leftIcon={<KeyIcon />} />
      <RaMenu.Item to="/pay-links" primaryText={translate('console.nav.pay_links')} leftIcon={<SendIcon />} />
      <RaMenu.Item
        to="/diagnostics"
        primaryText={translate('console.nav.diagnostics')}
        leftIcon={<BugReportIcon />}
      />
      <Divider />
      <SignOutItem />
    </RaMenu>
  );
}

/** A merchant member's nav: only what their roles open. */
function MemberMenu() {
  const translate = useTranslate();
  const items = [
    { resource: 'merchants', label: 'console.nav.merchants', icon: <StoreIcon /> },
    { resource: 'payments', label: 'console.nav.payments', icon: <PaymentIcon /> },
    { resource: 'invoices', label: 'console.nav.invoices', icon: <ReceiptIcon /> },
    { resource: 'pay-links', label: 'console.nav.pay_links', icon: <SendIcon /> },
    { resource: 'api-keys', label: 'console.nav.api_keys', icon: <KeyIcon /> },
    { resource: 'audit-log', label: 'console.nav.audit_log', icon: <HistoryIcon /> },
  ].filter((i) => canAccessResource(i.resource, 'list'));
  return (
    <RaMenu>
      {can('payments.read') ? (
        <RaMenu.Item
          to="/dashboard"
          primaryText={translate('console.nav.dashboard')}
          leftIcon={<DashboardIcon />}
        />
      ) : null}
      {items.map((i) => (
        <RaMenu.Item
          key={i.resource}
          to={`/${i.resource}`}
          primaryText={translate(i.label)}
          leftIcon={i.icon}
        />
      ))}
      <Divider />
      <SignOutItem />
    </RaMenu>
  );
}
