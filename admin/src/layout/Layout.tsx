/**
 * The console frame: react-admin's layout with our nav (a drawer on mobile), a header title that
 * follows the path, the spec's fatal-error screen as the error boundary, and toasts top-right that
 * dismiss after 5 s.
 */
import CloseIcon from '@mui/icons-material/Close';
import { Alert, Button, IconButton, Snackbar, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  AppBar,
  Layout,
  TitlePortal,
  useNotificationContext,
  useTakeUndoableMutation,
  useTranslate,
  type LayoutProps,
  type NotificationPayload,
} from 'react-admin';
import { useLocation } from 'react-router-dom';
import { FatalErrorScreen } from './FatalError.tsx';
import { ConsoleMenu } from './Menu.tsx';
import { MerchantSwitcher } from './MerchantSwitcher.tsx';
import { titleKeyForPath } from './titles.ts';

export const TOAST_MS = 5000;

function PathTitle() {
  const { pathname } = useLocation();
  const translate = useTranslate();
  const title = translate(titleKeyForPath(pathname));
  const app = translate('console.app_title');
  useEffect(() => {
    document.title = `${title} · ${app}`;
  }, [title, app]);
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
      <MerchantSwitcher where="bar" />
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

/**
 * react-admin's row checkboxes put their label on the checkbox's wrapper (`aria-label` on a span:
 * not allowed there) and leave the input itself unnamed, which screen readers announce as
 * "checkbox" and axe reports as serious. The label is moved onto the input as the rows render.
 */
function useRowCheckboxLabels() {
  useEffect(() => {
    const fix = () => {
      for (const box of Array.from(document.querySelectorAll('.RaDataTable-checkbox[aria-label]'))) {
        const input = box.querySelector('input');
        if (!input) continue;
        input.setAttribute('aria-label', box.getAttribute('aria-label')!);
        box.removeAttribute('aria-label');
      }
    };
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(document.body, { childList: true, subtree: true, attributeFilter: ['aria-label'] });
    return () => observer.disconnect();
  }, []);
}

export function ConsoleLayout({ children, ...props }: LayoutProps & { children?: ReactNode }) {
  useRowCheckboxLabels();
  return (
    <Layout
      {...props}
      appBar={ConsoleAppBar}
      menu={ConsoleMenu}
      error={LayoutError}
      // The page column is never wider than the screen: what is wider (a table of many columns)
      // scrolls inside its own card (ConsoleList), not the whole page.
      sx={{
        minWidth: 0,
        '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 },
      }}
    >
      <MerchantSwitcher where="page" />
      {children}
    </Layout>
  );
}

/**
 * Toasts top-right, auto-dismissed after 5 s (spec §8). react-admin's own Notification queues a new
 * message behind the one on screen until that one hides, so "Blog post created successfully!" was
 * lost behind an earlier error when the page navigated away. Here the newest message replaces the
 * one on screen at once. An undoable mutation's notice (blog edits and deletes) carries Undo, and
 * the change is sent when the notice closes, as react-admin's own Notification does.
 */
export function TopRightNotification() {
  const { notifications, resetNotifications } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();
  const [current, setCurrent] = useState<{ seq: number; payload: NotificationPayload } | null>(null);
  const [open, setOpen] = useState(false);
  /** The seq of an undoable notice whose change is not yet sent (or undone). */
  const pending = useRef<number | null>(null);

  const settle = useCallback(
    (isUndo: boolean) => {
      if (pending.current === null) return;
      pending.current = null;
      takeMutation()?.({ isUndo });
    },
    [takeMutation],
  );

  useEffect(() => {
    if (!notifications.length) return;
    const payload = notifications[notifications.length - 1];
    resetNotifications();
    settle(false); // a newer notice replaces an undoable one: its change goes ahead
    setCurrent((c) => {
      const seq = (c?.seq ?? 0) + 1;
      if (payload.notificationOptions?.undoable) pending.current = seq;
      return { seq, payload };
    });
    setOpen(true);
  }, [notifications, resetNotifications, settle]);

  useEffect(() => {
    if (!current?.payload.notificationOptions?.undoable) return;
    // Leaving the page while an undoable change waits would lose it: ask first, as react-admin does.
    const warn = (e: BeforeUnloadEvent) => {
      if (pending.current !== null) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [current]);

  if (!current) return null;
  const { message, type = 'info', notificationOptions } = current.payload;
  const { autoHideDuration, messageArgs, undoable } = notificationOptions ?? {};
  const text = typeof message === 'string' ? translate(message, { _: message, ...messageArgs }) : message;
  const close = () => {
    setOpen(false);
    settle(false);
  };
  return (
    <Snackbar
      key={current.seq}
      open={open}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      autoHideDuration={autoHideDuration === undefined ? TOAST_MS : (autoHideDuration ?? undefined)}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') close();
      }}
    >
      <Alert
        variant="filled"
        severity={type}
        onClose={close}
        sx={{ minWidth: 280 }}
        action={
          undoable ? (
            // An Alert shows its close button only without an action: both, for an undoable notice.
            <>
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  settle(true);
                  setOpen(false);
                }}
              >
                {translate('ra.action.undo')}
              </Button>
              <IconButton
                color="inherit"
                size="small"
                aria-label={translate('ra.action.close')}
                onClick={close}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </>
          ) : undefined
        }
      >
        {text}
      </Alert>
    </Snackbar>
  );
}
