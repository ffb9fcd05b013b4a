/** /admin/merchants: newest first, Active/Onboarding badge, and the Add Merchant modal. */
import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { useState } from 'react';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  TextField,
  TopToolbar,
  useNotify,
  useRefresh,
  SearchInput,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { apiFetch } from '../api.ts';
import { StatusChip } from '../shared/StatusChip.tsx';
import type { Merchant } from '../shared/types.ts';
import { ListError, useListErrorOptions } from '../shared/ListError.tsx';
import { MerchantFormDialog } from './MerchantFormDialog.tsx';

export const MERCHANT_CREATED = 'Merchant created successfully';
export const MERCHANT_CREATE_FAILED = 'Failed to create merchant. Please try again.';

function AddMerchant() {
  const [open, setOpen] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        Add Merchant
      </Button>
      <MerchantFormDialog
        open={open}
        title="Add Merchant"
        submitLabel="Create"
        failureMessage={MERCHANT_CREATE_FAILED}
        onClose={() => setOpen(false)}
        onSubmit={async (values) => {
          try {
            await apiFetch('/api/admin/merchants', {
              method: 'POST',
              body: {
                business_name: values.business_name.trim(),
                name: values.name.trim(),
                email: values.email.trim(),
                phone: values.phone.trim() || null,
                description: values.description.trim() || null,
                time_zone: values.time_zone.trim() || undefined,
              },
            });
          } catch (err) {
            notify(MERCHANT_CREATE_FAILED, { type: 'error' });
            throw err;
          }
          notify(MERCHANT_CREATED, { type: 'success' });
          setOpen(false);
          refresh();
        }}
      />
    </>
  );
}

export function OnboardingBadge({ record }: { record: Merchant }) {
  return record.stripe_onboarding_complete ? (
    <StatusChip status="active" tone="success" label="Active" />
  ) : (
    <StatusChip status="onboarding" tone="warning" label="Onboarding" />
  );
}

export const MERCHANTS_LOAD_FAILED = 'Failed to load merchants. Please try again.';

export function MerchantList() {
  const navigate = useNavigate();
  const queryOptions = useListErrorOptions(MERCHANTS_LOAD_FAILED);
  return (
    <List
      title="Merchants"
      sort={{ field: 'created_at', order: 'DESC' }}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Search merchants" />]}
      actions={
        <TopToolbar>
          <AddMerchant />
        </TopToolbar>
      }
      empty={false}
      queryOptions={queryOptions}
      error={<ListError message={MERCHANTS_LOAD_FAILED} />}
    >
      <Datagrid
        rowClick={(id) => {
          navigate(`/merchants/${id}`);
          return false;
        }}
        bulkActionButtons={false}
      >
        <TextField source="business_name" label="Business Name" />
        <FunctionField label="Status" render={(r: Merchant) => <OnboardingBadge record={r} />} />
        <TextField source="email" label="Email" />
        <TextField source="name" label="Contact" />
        <DateField source="created_at" label="Added" locales="en-US" />
      </Datagrid>
    </List>
  );
}
