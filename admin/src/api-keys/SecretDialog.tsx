/**
 * A new secret, shown this once: a read-only field, a copy button, and a plain warning. `texts` is
 * the i18n namespace of its words (an API key's by default; a webhook endpoint's signing secret too).
 */
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { copyText } from '../shared/clipboard.ts';

export function SecretDialog({
  secret,
  onClose,
  texts = 'console.api_keys',
}: {
  secret: string | null;
  onClose(): void;
  texts?: string;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <Dialog open={secret !== null} aria-labelledby="key-secret-title" fullWidth maxWidth="sm">
      <DialogTitle id="key-secret-title">{translate(`${texts}.secret_title`)}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(`${texts}.secret_text`)}
        </Alert>
        <TextField
          label={translate(`${texts}.secret_label`)}
          value={secret ?? ''}
          fullWidth
          slotProps={{
            htmlInput: {
              readOnly: true,
              'data-testid': 'api-key-secret',
              style: { fontFamily: 'monospace' },
            },
          }}
          onFocus={(e) => e.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() =>
            copyText(secret ?? '').then(
              () => notify(`${texts}.copied`, { type: 'success' }),
              () => notify(`${texts}.copy_failed`, { type: 'warning' }),
            )
          }
        >
          {translate(`${texts}.copy`)}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {translate(`${texts}.stored`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
