/**
 * A console dialog around one form: title (the dialog is labelled by it), an optional intro, the
 * refusal to show, the fields, and Cancel / submit. While `busy` it cannot be closed and both
 * buttons wait.
 */
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import type { FormEvent, ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export function FormDialog(props: {
  open: boolean;
  onClose(): void;
  busy: boolean;
  titleId: string;
  title: ReactNode;
  intro?: ReactNode;
  /** The refusal to show above the fields, or null. */
  error: ReactNode;
  onSubmit(event: FormEvent): void;
  submitLabel: ReactNode;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Dialog
      open={props.open}
      onClose={props.busy ? undefined : props.onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={props.titleId}
    >
      <form onSubmit={props.onSubmit} noValidate>
        <DialogTitle id={props.titleId}>{props.title}</DialogTitle>
        <DialogContent>
          {props.intro ? (
            <DialogContentText component="div" sx={{ mb: 1 }}>
              {props.intro}
            </DialogContentText>
          ) : null}
          {props.error ? (
            <Alert severity="error" role="alert" sx={{ mb: 1 }}>
              {props.error}
            </Alert>
          ) : null}
          {props.children}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={props.busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={props.busy}>
            {props.busy ? translate('console.common.saving') : props.submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
