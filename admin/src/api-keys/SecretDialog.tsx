/** The new key, shown this once: a read-only field, a copy button, and a plain warning. */
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { copyText } from '../shared/clipboard.ts';

export function SecretDialog({ secret, onClose }: { secret: string | null; onClose(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <Dialog open={secret !== null} aria-labelledby="key-secret-title" fullWidth maxWidth="sm">
      <DialogTitle id="key-secret-title">{translate('console.api_keys.secret_title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('console.api_keys.secret_text')}
        </Alert>
        <TextField
          label={translate('console.api_keys.secret_label')}
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
              () => notify('console.api_keys.copied', { type: 'success' }),
              () => notify('console.api_keys.copy_failed', { type: 'warning' }),
            )
          }
        >
          {translate('console.api_keys.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {translate('console.api_keys.stored')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
