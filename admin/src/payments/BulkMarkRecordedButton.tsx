/**
 * Bulk "Mark as recorded" on the payments list: for payments an admin has entered in the accounting
 * tool by hand, after a confirmation. One data-provider call per payment (POST
 * /api/admin/payments/{id}/mark-recorded, idempotent); the list refreshes and says how many were
 * marked and, if some could not be (e.g. not succeeded), why.
 */
import LibraryAddCheckIcon from '@mui/icons-material/LibraryAddCheck';
import { useState } from 'react';
import { Button, Confirm, useListContext, useNotify, useTranslate, useUnselectAll } from 'react-admin';
import { useAction } from '../data/useAction.ts';
import { serverMessage } from '../data/http.ts';

export function BulkMarkRecordedButton() {
  const { selectedIds } = useListContext();
  const unselectAll = useUnselectAll('payments');
  const notify = useNotify();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const mark = useAction((dp, ids: typeof selectedIds) => dp.markRecordedMany({ ids }), {
    invalidate: ['payments'],
    failure: 'console.payments.mark_recorded_failed',
    onSuccess: ({ data, failed }) => {
      setOpen(false);
      unselectAll();
      if (data.length)
        notify('console.payments.marked_recorded', {
          type: 'success',
          messageArgs: { smart_count: data.length },
        });
      if (failed.length)
        notify('console.payments.mark_recorded_some_failed', {
          type: 'warning',
          messageArgs: {
            smart_count: failed.length,
            detail: serverMessage(failed[0].error) ?? translate('console.common.try_again'),
          },
        });
    },
    onError: () => setOpen(false),
  });
  return (
    <>
      <Button label="console.payments.mark_recorded" onClick={() => setOpen(true)} disabled={mark.isPending}>
        <LibraryAddCheckIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={mark.isPending}
        title="console.payments.mark_recorded_title"
        content="console.payments.mark_recorded_text"
        titleTranslateOptions={{ smart_count: selectedIds.length }}
        contentTranslateOptions={{ smart_count: selectedIds.length }}
        confirm="console.payments.mark_recorded"
        onConfirm={() => mark.mutate(selectedIds)}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
