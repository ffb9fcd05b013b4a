/**
 * The admin console: react-admin under /admin (DESIGN §4a console URLs). Resources give the lists
 * and the /:id pages (Merchant Details, the payment page, the blog editor); custom routes give the
 * dashboard, the blog create form at /admin/blog and the tools. Unknown paths show Page Not Found
 * (and the server answers them 404: api/http/spa-pages.ts lists these routes too). Every read and
 * write goes through the data provider; texts come from the i18nProvider; the product's theme,
 * light and dark. Merchant members (issue 32) see their merchants' part of it: resources their roles
 * open (authProvider.canAccess); a page their role does not open says who may, once (RoleDenied).
 */
import { Admin, CustomRoutes, Resource } from 'react-admin';
import apiKeys from './api-keys/index.ts';
import auditLog from './audit-log/index.ts';
import { Navigate, Route } from 'react-router-dom';
import { can, isAdmin } from './access.ts';
import type { MemberAction } from '../../core/roles.ts';
import { authProvider } from './authProvider.ts';
import blogs from './blogs/index.ts';
import { BlogCreate } from './blogs/BlogCreate.tsx';
import { Dashboard } from './dashboard/Dashboard.tsx';
import { MemberDashboard } from './dashboard/MemberDashboard.tsx';
import { dataProvider } from './data/dataProvider.ts';
import { i18nProvider } from './i18n/i18nProvider.ts';
import { ConsoleLayout, TopRightNotification } from './layout/Layout.tsx';
import { LoginPage } from './layout/LoginPage.tsx';
import { darkTheme, lightTheme } from './layout/theme.ts';
import { NotFound } from './layout/NotFound.tsx';
import { RoleDenied } from './layout/RoleDenied.tsx';
import merchants from './merchants/index.ts';
import invoices from './invoices/index.ts';
import payments from './payments/index.ts';
import payLinks from './pay-links/index.ts';
import prospects from './prospects/index.ts';
import { AccountingCallback } from './tools/AccountingCallback.tsx';
import { Diagnostics } from './tools/Diagnostics.tsx';
import { TestXeroUrls } from './tools/TestXeroUrls.tsx';
import { XeroIntegration } from './tools/XeroIntegration.tsx';

/** A page of the platform's: a merchant member is told it is the operators' (or gets `member`). */
function AdminOnly({ page, member }: { page: React.ReactElement; member?: React.ReactElement }) {
  return isAdmin() ? page : (member ?? <RoleDenied />);
}

/**
 * A page for whoever may take `action` in one of their merchants (an admin too); others are told who
 * may. A component, so the check runs when the route renders — after the user's access is loaded.
 */
function AllowedTo({ action, page }: { action: MemberAction; page: React.ReactElement }) {
  return can(action) ? page : <RoleDenied action={action} />;
}

/** The platform's dashboard; a member's merchants' figures, or their merchants without payments to read. */
function DashboardPage() {
  if (isAdmin()) return <Dashboard />;
  return can('payments.read') ? <MemberDashboard /> : <Navigate to="/merchants" replace />;
}

export function ConsoleApp() {
  return (
    <Admin
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      theme={lightTheme}
      darkTheme={darkTheme}
      loginPage={LoginPage}
      layout={ConsoleLayout}
      notification={TopRightNotification}
      catchAll={NotFound}
      accessDenied={RoleDenied}
      disableTelemetry
      requireAuth
    >
      <Resource name="merchants" {...merchants} />
      <Resource name="payments" {...payments} />
      <Resource name="blogs" {...blogs} />
      <Resource name="invoices" {...invoices} />
      <Resource name="prospects" {...prospects} />
      <Resource name="audit-log" {...auditLog} />
      <Resource name="api-keys" {...apiKeys} />
      <Resource name="pay-links" {...payLinks} />
      <CustomRoutes>
        <Route path="/" element={<Navigate to="/dashboard" replace />} />
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="/blog" element={<AdminOnly page={<BlogCreate />} />} />
        <Route path="/test-xero-urls" element={<AdminOnly page={<TestXeroUrls />} />} />
        <Route path="/xero-integration" element={<AdminOnly page={<XeroIntegration />} />} />
        <Route path="/diagnostics" element={<AdminOnly page={<Diagnostics />} />} />
        {/* An owner connecting their merchant's Xero or QuickBooks comes back here too (accounting.manage). */}
        <Route
          path="/accounting/callback"
          element={<AllowedTo action="accounting.manage" page={<AccountingCallback />} />}
        />
      </CustomRoutes>
    </Admin>
  );
}
