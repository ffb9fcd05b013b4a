/**
 * /admin/api-keys: the integrator API's keys (name, prefix, scope, permission, status, expiry, last
 * use, creator), newest first, through the data provider's `api-keys` resource. Create opens a form
 * whose answer shows the key once; Revoke (confirmed) is react-admin's `useDelete` — the server
 * revokes the key and keeps its record for the audit log. A SimpleList on phones.
 */
import AddIcon from '@mui/icons-material/Add';
import { Button, Typography } from '@mui/material';
import { useState } from 'react';
import {
  DataTable,
  DateField,
  SimpleList,
  TopToolbar,
  useDelete,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { serverMessage } from '../data/http.ts';
import { ConfirmDialog } from '../shared/Confirm.tsx';
import { dateTime, shortDate } from '../shared/format.ts';
import { ConsoleList } from '../shared/ConsoleList.tsx';
import { ResponsiveList } from '../shared/responsive.tsx';
import { StatusChip } from '../shared/StatusChip.tsx';
import type { ApiKey } from '../shared/types.ts';
import { CreateKeyDialog } from './CreateKeyDialog.tsx';
import { SecretDialog } from './SecretDialog.tsx';

function KeyActions() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <TopToolbar>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {translate('console.api_keys.create')}
      </Button>
      <CreateKeyDialog
        open={open}
        onClose={() => setOpen(false)}
        onCreated={(key) => {
          setOpen(false);
          setSecret(key.secret);
          refresh();
        }}
      />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </TopToolbar>
  );
}

function RevokeButton({ apiKey }: { apiKey: ApiKey }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [confirm, setConfirm] = useState(false);
  const [remove, { isPending }] = useDelete<ApiKey>();
  if (apiKey.status === 'revoked') return null;
  return (
    <>
      <Button
        size="small"
        color="error"
        onClick={() => setConfirm(true)}
        aria-label={`${translate('console.api_keys.revoke')} ${apiKey.name}`}
      >
        {translate('console.api_keys.revoke')}
      </Button>
      <ConfirmDialog
        open={confirm}
        title={translate('console.api_keys.revoke_title')}
        confirmLabel={translate('console.api_keys.revoke')}
        danger
        busy={isPending}
        onClose={() => setConfirm(false)}
        onConfirm={() =>
          remove(
            'api-keys',
            { id: apiKey.id, previousData: apiKey },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => {
                setConfirm(false);
                notify('console.api_keys.revoked', { type: 'success' });
              },
              onError: (err) => {
                setConfirm(false);
                notify('console.api_keys.revoke_failed', {
                  type: 'error',
                  messageArgs: { detail: serverMessage(err) ?? '' },
                });
              },
            },
          )
        }
      >
        {translate('console.api_keys.revoke_text', { prefix: apiKey.prefix })}
      </ConfirmDialog>
    </>
  );
}

const tone = (k: ApiKey) =>
  k.status === 'active' ? 'success' : k.status === 'expired' ? 'warning' : 'default';

export function ApiKeyList() {
  const translate = useTranslate();
  const scope = (k: ApiKey) =>
    k.merchant_name ?? (k.merchant_id ? k.merchant_id : translate('console.api_keys.all_merchants'));
  const permission = (k: ApiKey) =>
    translate(
      k.permission === 'write' ? 'console.api_keys.permission_write' : 'console.api_keys.permission_read',
    );
  return (
    <ConsoleList
      title="console.titles.api_keys"
      loadFailed="console.api_keys.load_failed"
      actions={<KeyActions />}
      exporter={false}
    >
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
        {translate('console.api_keys.intro')}
      </Typography>
      <ResponsiveList
        phone={
          <SimpleList<ApiKey>
            primaryText={(k) => `${k.name} · ${k.prefix}…`}
            secondaryText={(k) => `${scope(k)} · ${k.permission}`}
            tertiaryText={(k) => k.status}
            rowClick={false}
          />
        }
        wide={
          <DataTable<ApiKey> rowClick={false} bulkActionButtons={false}>
            <DataTable.Col source="name" label="console.api_keys.columns.name" />
            <DataTable.Col
              source="prefix"
              label="console.api_keys.columns.prefix"
              disableSort
              render={(k) => <code>{k.prefix}…</code>}
            />
            <DataTable.Col
              source="merchant_id"
              label="console.api_keys.columns.scope"
              disableSort
              render={scope}
            />
            <DataTable.Col
              source="permission"
              label="console.api_keys.columns.permission"
              disableSort
              render={permission}
            />
            <DataTable.Col
              source="status"
              label="console.api_keys.columns.status"
              disableSort
              render={(k) => <StatusChip status={k.status} tone={tone(k as ApiKey)} />}
            />
            <DataTable.Col
              source="expires_at"
              label="console.api_keys.columns.expires"
              render={(k) => (k.expires_at ? shortDate(k.expires_at) : translate('console.api_keys.never'))}
            />
            <DataTable.Col
              source="last_used_at"
              label="console.api_keys.columns.last_used"
              render={(k) => (k.last_used_at ? dateTime(k.last_used_at) : '—')}
            />
            <DataTable.Col
              source="created_by_email"
              label="console.api_keys.columns.created_by"
              disableSort
              render={(k) => k.created_by_email ?? '—'}
            />
            <DataTable.Col source="created_at" label="console.api_keys.columns.created">
              <DateField source="created_at" locales="en-US" />
            </DataTable.Col>
            <DataTable.Col
              label="console.common.actions"
              disableSort
              render={(k) => <RevokeButton apiKey={k as ApiKey} />}
            />
          </DataTable>
        }
      />
    </ConsoleList>
  );
}
