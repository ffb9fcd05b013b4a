/** The admin console shell: react-admin under /admin with the server-enforced auth provider. */
import { Admin, CustomRoutes } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { authProvider } from './authProvider.ts';
import { dataProvider } from './dataProvider.ts';

export function ConsoleApp() {
  return (
    <Admin
      title="InvoicePay Console"
      authProvider={authProvider}
      dataProvider={dataProvider}
      disableTelemetry
      requireAuth
    >
      <CustomRoutes>
        <Route path="/" element={<Navigate to="/dashboard" replace />} />
      </CustomRoutes>
    </Admin>
  );
}
