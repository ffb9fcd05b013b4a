/** What a list shows when it cannot load (the spec's per-screen texts, as i18n keys), and the matching toast. */
import { Alert } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';

export function ListError({ message }: { message: string }) {
  const translate = useTranslate();
  return (
    <Alert severity="error" role="alert" sx={{ m: 2 }}>
      {translate(message)}
    </Alert>
  );
}

/** `queryOptions` for a react-admin List whose load failure toasts `message`. */
export function useListErrorOptions(message: string) {
  const notify = useNotify();
  return { onError: () => notify(message, { type: 'error' }) };
}
