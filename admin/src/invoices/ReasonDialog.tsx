/** A confirmation that asks why (dismiss an observation, write off a remainder): audited actions. */
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export function ReasonDialog(props: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm(reason: string): Promise<string | null>;
  onClose(): void;
}) {
  const translate = useTranslate();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (props.open) {
      setReason('');
      setError(null);
      setBusy(false);
    }
  }, [props.open]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (reason.trim().length < 3) {
      setError(translate('console.invoice.reason_required'));
      return;
    }
    setBusy(true);
    const failed = await props.onConfirm(reason.trim());
    setBusy(false);
    if (failed) setError(failed);
  }

  return (
    <Dialog
      open={props.open}
      onClose={busy ? undefined : props.onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="reason-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="reason-title">{props.title}</DialogTitle>
        <DialogContent>
          <DialogContentText component="div" sx={{ mb: 1 }}>
            {props.children}
          </DialogContentText>
          {error ? (
            <Alert severity="error" role="alert" sx={{ mb: 1 }}>
              {error}
            </Alert>
          ) : null}
          <TextField
            label={translate('console.invoice.reason')}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
            fullWidth
            margin="dense"
            autoFocus
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? translate('console.common.saving') : props.confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
