/** The console nav (spec §2): Dashboard, Merchants, Payments, Blog, Xero Integration, Test Xero URLs, Sign Out, plus the admin lists. */
import ArticleIcon from '@mui/icons-material/Article';
import BugReportIcon from '@mui/icons-material/BugReport';
import DashboardIcon from '@mui/icons-material/Dashboard';
import HistoryIcon from '@mui/icons-material/History';
import LinkIcon from '@mui/icons-material/Link';
import LogoutIcon from '@mui/icons-material/Logout';
import PaymentIcon from '@mui/icons-material/Payment';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptIcon from '@mui/icons-material/Receipt';
import StoreIcon from '@mui/icons-material/Store';
import SyncIcon from '@mui/icons-material/Sync';
import { Divider } from '@mui/material';
import { Menu as RaMenu, useLogout } from 'react-admin';

function SignOutItem() {
  const logout = useLogout();
  return (
    <RaMenu.Item
      to="/login"
      primaryText="Sign Out"
      leftIcon={<LogoutIcon />}
      onClick={(e: React.MouseEvent) => {
        e.preventDefault();
        void logout({}, '/login');
      }}
    />
  );
}

export function ConsoleMenu() {
  return (
    <RaMenu>
      <RaMenu.Item to="/dashboard" primaryText="Dashboard" leftIcon={<DashboardIcon />} />
      <RaMenu.Item to="/merchants" primaryText="Merchants" leftIcon={<StoreIcon />} />
      <RaMenu.Item to="/payments" primaryText="Payments" leftIcon={<PaymentIcon />} />
      <RaMenu.Item to="/blogs" primaryText="Blog" leftIcon={<ArticleIcon />} />
      <RaMenu.Item to="/xero-integration" primaryText="Xero Integration" leftIcon={<SyncIcon />} />
      <RaMenu.Item to="/test-xero-urls" primaryText="Test Xero URLs" leftIcon={<LinkIcon />} />
      <Divider />
      <RaMenu.Item to="/invoices" primaryText="Invoices" leftIcon={<ReceiptIcon />} />
      <RaMenu.Item to="/prospects" primaryText="Prospects" leftIcon={<PeopleIcon />} />
      <RaMenu.Item to="/audit-log" primaryText="Audit Log" leftIcon={<HistoryIcon />} />
      <RaMenu.Item to="/diagnostics" primaryText="Diagnostics" leftIcon={<BugReportIcon />} />
      <Divider />
      <SignOutItem />
    </RaMenu>
  );
}
