/** What a list shows when it cannot load (the spec's per-screen texts), and the matching toast. */
import { Alert } from '@mui/material';
import { useNotify } from 'react-admin';

export function ListError({ message }: { message: string }) {
  return (
    <Alert severity="error" role="alert" sx={{ m: 2 }}>
      {message}
    </Alert>
  );
}

/** `queryOptions` for a react-admin List whose load failure toasts `message`. */
export function useListErrorOptions(message: string) {
  const notify = useNotify();
  return { onError: () => notify(message, { type: 'error' }) };
}
