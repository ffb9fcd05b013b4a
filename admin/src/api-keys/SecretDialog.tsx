/**
 * A new secret, shown this once: a read-only field, a copy button, and a plain warning. `texts` is
 * the `console.*` section of its words (an API key's by default; a webhook endpoint's signing secret too).
 */
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { copyText } from '../shared/clipboard.ts';

export function SecretDialog({
  secret,
  onClose,
  texts = 'api_keys',
}: {
  secret: string | null;
  onClose(): void;
  texts?: string;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <Dialog open={secret !== null} aria-labelledby="key-secret-title" fullWidth maxWidth="sm">
      <DialogTitle id="key-secret-title">{translate(`console.${texts}.secret_title`)}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(`console.${texts}.secret_text`)}
        </Alert>
        <TextField
          label={translate(`console.${texts}.secret_label`)}
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
              () => notify(`console.${texts}.copied`, { type: 'success' }),
              () => notify(`console.${texts}.copy_failed`, { type: 'warning' }),
            )
          }
        >
          {translate(`console.${texts}.copy`)}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {translate(`console.${texts}.stored`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
