/**
 * What a list shows when it cannot load (the spec's per-screen texts, as i18n keys), and the matching
 * toast. A refusal (403) is not a failure to retry: the list says who may read it (RoleDenied's
 * sentence), once, and nothing is toasted (issue 50 item 5).
 */
import { Alert } from '@mui/material';
import { useListContext, useNotify, useTranslate } from 'react-admin';
import { resourceAction } from '../access.ts';
import { statusOf } from '../data/http.ts';
import { useDenial } from '../layout/RoleDenied.tsx';

export function ListError({ message }: { message: string }) {
  const translate = useTranslate();
  const denial = useDenial();
  const { error, resource } = useListContext();
  if (statusOf(error) === 403) {
    return (
      <Alert severity="info" role="status" sx={{ m: 2 }} data-testid="role-denied">
        {denial(resourceAction(resource))}
      </Alert>
    );
  }
  return (
    <Alert severity="error" role="alert" sx={{ m: 2 }}>
      {translate(message)}
    </Alert>
  );
}

/** `queryOptions` for a react-admin List whose load failure toasts `message` (a refusal is not toasted). */
export function useListErrorOptions(message: string) {
  const notify = useNotify();
  return {
    onError: (error: unknown) => {
      if (statusOf(error) !== 403) notify(message, { type: 'error' });
    },
  };
}
