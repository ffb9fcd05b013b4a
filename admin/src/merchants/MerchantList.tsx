/**
 * /admin/merchants: newest first with both status badges (account, Stripe onboarding), search and
 * an onboarding filter, CSV export (all, or the selected rows), and the Add Merchant modal (created
 * through the data provider with `useCreate`). On phones a SimpleList, the Add Merchant button
 * stays in reach and the filters start collapsed.
 */
import AddIcon from '@mui/icons-material/Add';
import { Box, Button } from '@mui/material';
import { useState } from 'react';
import {
  BulkExportButton,
  DataTable,
  SearchInput,
  SelectInput,
  SimpleList,
  useCreate,
  useNotify,
  useTranslate,
} from 'react-admin';
import { csvExporter } from '../shared/csv.ts';
import { shortDate } from '../shared/format.ts';
import { ConsoleList } from '../shared/ConsoleList.tsx';
import { ResponsiveList } from '../shared/responsive.tsx';
import type { Merchant } from '../shared/types.ts';
import { accountLabel, onboardingState } from './merchant-status.ts';
import { AccountBadge, MerchantBadges, OnboardingBadge } from './MerchantStatus.tsx';
import { MerchantFormDialog } from './MerchantFormDialog.tsx';
import { isAdmin } from '../access.ts';

const exportMerchants = csvExporter<Merchant>('merchants', [
  ['id', (m) => m.id],
  ['shortcode', (m) => m.shortcode],
  ['business_name', (m) => m.business_name],
  ['contact_name', (m) => m.name],
  ['email', (m) => m.email],
  ['phone', (m) => m.phone],
  ['account_status', (m) => accountLabel(m.status)],
  ['stripe_onboarding', (m) => onboardingState(m)],
  ['stripe_account_id', (m) => m.stripe_account_id],
  ['surcharge_percentage', (m) => (m.surcharge_enabled ? m.surcharge_percentage : 0)],
  ['created_at', (m) => m.created_at],
]);

function AddMerchant() {
  const [open, setOpen] = useState(false);
  const [create] = useCreate<Merchant>();
  const notify = useNotify();
  const translate = useTranslate();
  return (
    <>
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        onClick={() => setOpen(true)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {translate('console.merchants.add')}
      </Button>
      <MerchantFormDialog
        open={open}
        title={translate('console.merchants.add')}
        creating
        submitLabel={translate('console.merchants.create')}
        failureMessage={translate('console.merchants.create_failed')}
        onClose={() => setOpen(false)}
        onSubmit={async (values) => {
          try {
            // The create body is more than the record: the first owner's email, invited at once.
            const data: Partial<Merchant> & { owner_email?: string } = {
              business_name: values.business_name.trim(),
              name: values.name.trim(),
              email: values.email.trim(),
              phone: values.phone.trim() || null,
              description: values.description.trim() || null,
              time_zone: values.time_zone.trim() || undefined,
              owner_email: values.owner_email.trim() || undefined,
            };
            await create('merchants', { data }, { returnPromise: true });
          } catch (err) {
            notify('console.merchants.create_failed', { type: 'error' });
            throw err;
          }
          notify('console.merchants.created', { type: 'success' });
          setOpen(false);
        }}
      />
    </>
  );
}

export function MerchantList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('console.merchants.search')} />,
    <SelectInput
      key="onboarding"
      source="stripe_onboarding_complete"
      label="console.merchants.columns.onboarding"
      choices={[
        { id: 'true', name: 'console.merchants.onboarding.complete' },
        { id: 'false', name: 'console.merchants.onboarding.incomplete' },
      ]}
      alwaysOn
    />,
    // The operator's review queue: merchants awaiting review (the dashboard links here).
    ...(isAdmin()
      ? [
          <SelectInput
            key="status"
            source="status"
            label="console.merchants.columns.account"
            choices={[
              { id: 'pending', name: 'console.merchants.review_status.pending' },
              { id: 'active', name: 'console.merchants.review_status.active' },
              { id: 'inactive', name: 'console.merchants.review_status.inactive' },
            ]}
            alwaysOn
          />,
        ]
      : []),
  ];
  return (
    <ConsoleList
      title="console.titles.merchants"
      loadFailed="console.merchants.load_failed"
      filters={filters}
      exporter={exportMerchants}
      extraActions={isAdmin() ? <AddMerchant /> : undefined}
    >
      <ResponsiveList
        phone={
          <SimpleList<Merchant>
            primaryText={(m) => (
              <>
                {m.business_name}
                <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                  <MerchantBadges record={m} />
                </Box>
              </>
            )}
            secondaryText={(m) => `${m.name} · ${m.email}`}
            tertiaryText={(m) => shortDate(m.created_at)}
            rowClick="edit"
          />
        }
        wide={
          <DataTable<Merchant>
            rowClick="edit"
            bulkActionButtons={<BulkExportButton label="console.lists.export_selected" />}
          >
            <DataTable.Col source="business_name" label="console.merchants.columns.business_name" />
            <DataTable.Col
              label="console.merchants.columns.account"
              source="status"
              render={(m) => <AccountBadge record={m as Merchant} />}
            />
            <DataTable.Col
              label="console.merchants.columns.onboarding"
              source="stripe_onboarding_complete"
              render={(m) => <OnboardingBadge record={m as Merchant} />}
            />
            <DataTable.Col source="email" label="console.merchants.columns.email" />
            <DataTable.Col source="name" label="console.merchants.columns.contact" />
            <DataTable.Col
              source="created_at"
              label="console.merchants.columns.added"
              render={(m) => shortDate(m.created_at)}
            />
          </DataTable>
        }
      />
    </ConsoleList>
  );
}
