/**
 * Create an API key: name, scope (one merchant, or all for an admin), permission (read or read-write) and an
 * optional expiry — each permission said as what the key will do with the maker's role in the chosen
 * merchant (a developer's keys never read payments or refund; issue 49 item 4), created with react-admin's `useCreate` through the data provider. The answer
 * carries the key itself once: it is shown in the next dialog, with a copy button, and never again.
 */
import {
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useCreate, useGetList, useNotify, useTranslate } from 'react-admin';
import { serverMessage } from '../data/http.ts';
import type { ApiKey, Merchant } from '../shared/types.ts';
import { can, isAdmin, myMemberships, roleIn } from '../access.ts';

/** The one role the user makes keys with when every merchant they may make keys for gives them the same. */
function singleRole() {
  const roles = new Set(
    myMemberships()
      .filter((m) => can('api_keys.manage', m.merchant_id))
      .map((m) => m.role),
  );
  return roles.size === 1 ? [...roles][0] : undefined;
}

export type CreatedKey = ApiKey & { secret: string };

const PRESETS = ['never', '30', '90', '365', 'date'] as const;
type Expiry = (typeof PRESETS)[number];

/** The expiry as an ISO time: end of the chosen day (UTC), or `days` from now; null for never. */
export function expiryOf(choice: Expiry, date: string, now = new Date()): string | null {
  if (choice === 'never') return null;
  if (choice === 'date') return date ? `${date}T23:59:59.000Z` : null;
  return new Date(now.getTime() + Number(choice) * 86_400_000).toISOString();
}

export function CreateKeyDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose(): void;
  onCreated(key: CreatedKey): void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [create, { isPending }] = useCreate<CreatedKey>();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<'merchant' | 'all'>('merchant');
  const [merchant, setMerchant] = useState<Merchant | null>(null);
  const [permission, setPermission] = useState<'read' | 'write'>('read');
  const [expiry, setExpiry] = useState<Expiry>('never');
  const [date, setDate] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // What the key will be able to do: the maker's role in the chosen merchant decides (an admin: all).
  const role = isAdmin() || scope === 'all' ? 'admin' : merchant ? roleIn(merchant.id) : singleRole();
  const powers =
    role === 'developer'
      ? { read: 'console.api_keys.powers.developer.read', write: 'console.api_keys.powers.developer.write' }
      : role
        ? { read: 'console.api_keys.powers.full.read', write: 'console.api_keys.powers.full.write' }
        : null;
  const note =
    role === 'developer'
      ? 'console.api_keys.powers.developer_note'
      : role
        ? null
        : 'console.api_keys.powers.unknown_note';
  const merchants = useGetList<Merchant>(
    'merchants',
    {
      pagination: { page: 1, perPage: 500 },
      sort: { field: 'business_name', order: 'ASC' },
    },
    { enabled: open },
  );

  function reset() {
    setName('');
    setScope('merchant');
    setMerchant(null);
    setPermission('read');
    setExpiry('never');
    setDate('');
    setErrors({});
  }

  async function submit() {
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = translate('console.api_keys.name_required');
    if (scope === 'merchant' && !merchant)
      found.merchant_id = translate('console.api_keys.merchant_required');
    const expiresAt = expiryOf(expiry, date);
    if (expiry === 'date' && (!expiresAt || Date.parse(expiresAt) <= Date.now()))
      found.expires_at = translate('console.api_keys.expiry_future');
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const created = await create(
        'api-keys',
        {
          data: {
            name: name.trim(),
            merchant_id: scope === 'merchant' ? merchant!.id : null,
            permission,
            expires_at: expiresAt,
          },
        },
        { returnPromise: true },
      );
      notify('console.api_keys.created', { type: 'success' });
      reset();
      onCreated(created as CreatedKey);
    } catch (err) {
      const detail = serverMessage(err) ?? '';
      const field = (err as { body?: { error?: { field?: string } } }).body?.error?.field;
      if (field) setErrors({ [field]: detail });
      notify('console.api_keys.create_failed', { type: 'error', messageArgs: { detail } });
    }
  }

  return (
    <Dialog
      open={open}
      onClose={isPending ? undefined : onClose}
      aria-labelledby="create-key-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="create-key-title">{translate('console.api_keys.create_title')}</DialogTitle>
      <DialogContent>
        <TextField
          label={translate('console.api_keys.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          fullWidth
          margin="dense"
          required
          autoFocus
          error={Boolean(errors.name)}
          helperText={errors.name ?? translate('console.api_keys.name_help')}
        />
        <FormControl margin="dense" fullWidth>
          <FormLabel id="key-scope">{translate('console.api_keys.scope')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="key-scope"
            value={scope}
            onChange={(e) => setScope(e.target.value as 'merchant' | 'all')}
          >
            <FormControlLabel
              value="merchant"
              control={<Radio />}
              label={translate('console.api_keys.scope_merchant')}
            />
            {isAdmin() ? (
              <FormControlLabel
                value="all"
                control={<Radio />}
                label={translate('console.api_keys.scope_all')}
              />
            ) : null}
          </RadioGroup>
        </FormControl>
        {scope === 'merchant' ? (
          <Autocomplete
            options={merchants.data ?? []}
            loading={merchants.isPending}
            value={merchant}
            onChange={(_, value) => setMerchant(value)}
            getOptionLabel={(m) => `${m.business_name} (${m.shortcode})`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => (
              <TextField
                {...params}
                label={translate('console.api_keys.merchant')}
                margin="dense"
                required
                error={Boolean(errors.merchant_id)}
                helperText={errors.merchant_id}
              />
            )}
          />
        ) : null}
        <FormControl margin="dense" fullWidth>
          <FormLabel id="key-permission">{translate('console.api_keys.permission')}</FormLabel>
          <RadioGroup
            aria-labelledby="key-permission"
            value={permission}
            onChange={(e) => setPermission(e.target.value as 'read' | 'write')}
          >
            <FormControlLabel
              value="read"
              control={<Radio />}
              label={translate(powers?.read ?? 'console.api_keys.permission_read')}
            />
            <FormControlLabel
              value="write"
              control={<Radio />}
              label={translate(powers?.write ?? 'console.api_keys.permission_write')}
            />
          </RadioGroup>
          {note ? <FormHelperText>{translate(note)}</FormHelperText> : null}
        </FormControl>
        <TextField
          select
          label={translate('console.api_keys.expiry')}
          value={expiry}
          onChange={(e) => setExpiry(e.target.value as Expiry)}
          fullWidth
          margin="dense"
        >
          {PRESETS.map((p) => (
            <MenuItem key={p} value={p}>
              {p === 'never'
                ? translate('console.api_keys.expiry_never')
                : p === 'date'
                  ? translate('console.api_keys.expiry_date')
                  : translate('console.api_keys.expiry_days', { days: p })}
            </MenuItem>
          ))}
        </TextField>
        {expiry === 'date' ? (
          <TextField
            type="date"
            label={translate('console.api_keys.expiry_on')}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            fullWidth
            margin="dense"
            error={Boolean(errors.expires_at)}
            helperText={errors.expires_at}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        ) : errors.expires_at ? (
          <FormLabel error>{errors.expires_at}</FormLabel>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isPending}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={isPending}>
          {translate(isPending ? 'console.api_keys.creating' : 'console.api_keys.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
