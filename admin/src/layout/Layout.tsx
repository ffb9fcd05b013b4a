/**
 * The console frame: react-admin's layout with our nav (a drawer on mobile), a header title that
 * follows the path, the spec's fatal-error screen as the error boundary, and toasts top-right that
 * dismiss after 5 s.
 */
import { Alert, Snackbar, Typography } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import {
  AppBar,
  Layout,
  TitlePortal,
  useNotificationContext,
  useTranslate,
  type LayoutProps,
  type NotificationPayload,
} from 'react-admin';
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

/**
 * Toasts top-right, auto-dismissed after 5 s (spec §8). react-admin's own Notification queues a new
 * message behind the one on screen until that one hides, so "Blog post created successfully!" was
 * lost behind an earlier error when the page navigated away. Here the newest message replaces the
 * one on screen at once. (The console uses no undoable mutations, so no undo button is needed.)
 */
export function TopRightNotification() {
  const { notifications, resetNotifications } = useNotificationContext();
  const translate = useTranslate();
  const [current, setCurrent] = useState<{ seq: number; payload: NotificationPayload } | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!notifications.length) return;
    const payload = notifications[notifications.length - 1];
    resetNotifications();
    setCurrent((c) => ({ seq: (c?.seq ?? 0) + 1, payload }));
    setOpen(true);
  }, [notifications, resetNotifications]);
  if (!current) return null;
  const { message, type = 'info', notificationOptions } = current.payload;
  const { autoHideDuration, messageArgs } = notificationOptions ?? {};
  const text = typeof message === 'string' ? translate(message, { _: message, ...messageArgs }) : message;
  return (
    <Snackbar
      key={current.seq}
      open={open}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      autoHideDuration={autoHideDuration === undefined ? TOAST_MS : (autoHideDuration ?? undefined)}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') setOpen(false);
      }}
    >
      <Alert variant="filled" severity={type} onClose={() => setOpen(false)} sx={{ minWidth: 280 }}>
        {text}
      </Alert>
    </Snackbar>
  );
}
