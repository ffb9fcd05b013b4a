/**
 * The console frame: react-admin's layout with our nav (a drawer on mobile), a header title that
 * follows the path, the spec's fatal-error screen as the error boundary, and toasts top-right that
 * dismiss after 5 s.
 */
import { Typography } from '@mui/material';
import { useEffect, type ReactNode } from 'react';
import { AppBar, Layout, Notification, TitlePortal, type LayoutProps } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { FatalErrorScreen } from './FatalError.tsx';
import { ConsoleMenu } from './Menu.tsx';
import { titleForPath } from './titles.ts';

export const TOAST_MS = 5000;

function PathTitle() {
  const { pathname } = useLocation();
  const title = titleForPath(pathname);
  useEffect(() => {
    document.title = `${title} · InvoicePay Console`;
  }, [title]);
  return (
    <Typography
      variant="h6"
      component="h1"
      color="inherit"
      data-testid="page-title"
      sx={{ flex: 1, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
    >
      {title}
    </Typography>
  );
}

function ConsoleAppBar() {
  return (
    <AppBar>
      <PathTitle />
      {/* Pages may still portal extra title text (react-admin <Title>); it is kept out of view. */}
      <TitlePortal sx={{ display: 'none' }} />
    </AppBar>
  );
}

function LayoutError({
  error,
  errorInfo,
}: {
  error?: Error;
  errorInfo?: { componentStack?: string | null };
}) {
  return <FatalErrorScreen error={error} componentStack={errorInfo?.componentStack} />;
}

export function ConsoleLayout({ children, ...props }: LayoutProps & { children?: ReactNode }) {
  return (
    <Layout {...props} appBar={ConsoleAppBar} menu={ConsoleMenu} error={LayoutError}>
      {children}
    </Layout>
  );
}

export function TopRightNotification() {
  return <Notification anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={TOAST_MS} />;
}
