/** A confirmation that asks why (dismiss an observation, write off a remainder): audited actions. */
import { TextField } from '@mui/material';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { FormDialog } from '../shared/FormDialog.tsx';

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
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      busy={busy}
      titleId="reason-title"
      title={props.title}
      intro={props.children}
      error={error}
      onSubmit={submit}
      submitLabel={props.confirmLabel}
    >
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
    </FormDialog>
  );
}
