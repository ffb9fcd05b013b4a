/** Merchant Details' info card: the merchant's details, Edit (modal), Delete (confirmed; payments kept), Back. */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { apiFetch } from '../api.ts';
import { ConfirmDialog } from '../shared/Confirm.tsx';
import { merchantTone, shortDate } from '../shared/format.ts';
import { DetailRow } from '../shared/DetailRow.tsx';
import { StatusChip } from '../shared/StatusChip.tsx';
import type { Merchant } from '../shared/types.ts';
import { changedFields, MerchantFormDialog } from './MerchantFormDialog.tsx';
import { OnboardingBadge } from './MerchantList.tsx';

export const MERCHANT_UPDATED = 'Merchant details updated successfully';
export const MERCHANT_UPDATE_FAILED = 'Failed to update merchant details. Please try again.';
export const MERCHANT_DELETED = 'Merchant deleted successfully';
export const MERCHANT_DELETE_FAILED = 'Failed to delete merchant. Please try again.';

export function MerchantInfo({ merchant, onChanged }: { merchant: Merchant; onChanged(): void }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const initial = {
    business_name: merchant.business_name,
    name: merchant.name,
    email: merchant.email,
    phone: merchant.phone ?? '',
    description: merchant.description ?? '',
    time_zone: merchant.time_zone ?? '',
  };

  async function remove() {
    setDeleting(true);
    try {
      await apiFetch(`/api/admin/merchants/${merchant.id}`, { method: 'DELETE' });
      notify(MERCHANT_DELETED, { type: 'success' });
      navigate('/merchants');
    } catch {
      notify(MERCHANT_DELETE_FAILED, { type: 'error' });
      setDeleting(false);
      setConfirmDelete(false);
    }
  }

  return (
    <Card component="section" aria-labelledby="merchant-info-title">
      <CardContent>
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'flex-start',
            flexWrap: 'wrap',
            gap: 1,
          }}
        >
          <Box>
            <Typography id="merchant-info-title" variant="h5" component="h2">
              {merchant.business_name}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, mt: 0.5 }}>
              <OnboardingBadge record={merchant} />
              <StatusChip status={merchant.status} tone={merchantTone(merchant.status)} />
            </Box>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button startIcon={<ArrowBackIcon />} onClick={() => navigate('/merchants')}>
              Back
            </Button>
            <Button variant="outlined" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button variant="outlined" color="error" onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          </Box>
        </Box>
        <Box component="dl" sx={{ mt: 2, mb: 0 }}>
          <DetailRow label="Contact name">{merchant.name}</DetailRow>
          <DetailRow label="Email">{merchant.email}</DetailRow>
          <DetailRow label="Phone">{merchant.phone || '—'}</DetailRow>
          <DetailRow label="Description">{merchant.description || 'No description provided'}</DetailRow>
          <DetailRow label="Merchant ID">
            <code data-testid="merchant-id">{merchant.id}</code>
          </DetailRow>
          <DetailRow label="Short code">
            <code>{merchant.shortcode}</code>
          </DetailRow>
          <DetailRow label="Time zone">{merchant.time_zone}</DetailRow>
          <DetailRow label="Added">{shortDate(merchant.created_at)}</DetailRow>
        </Box>
      </CardContent>
      <MerchantFormDialog
        open={editing}
        title="Edit Merchant"
        submitLabel="Save"
        initial={initial}
        failureMessage={MERCHANT_UPDATE_FAILED}
        onClose={() => setEditing(false)}
        onSubmit={async (values) => {
          const changes = changedFields(initial, values);
          if (Object.keys(changes).length) {
            try {
              await apiFetch(`/api/admin/merchants/${merchant.id}`, { method: 'PUT', body: changes });
            } catch (err) {
              notify(MERCHANT_UPDATE_FAILED, { type: 'error' });
              throw err;
            }
          }
          notify(MERCHANT_UPDATED, { type: 'success' });
          setEditing(false);
          onChanged();
        }}
      />
      <ConfirmDialog
        open={confirmDelete}
        title="Delete merchant?"
        confirmLabel="Delete"
        danger
        busy={deleting}
        onConfirm={remove}
        onClose={() => setConfirmDelete(false)}
      >
        {merchant.business_name} will be removed from the console and its payment links will stop working. Its
        payment records are kept.
      </ConfirmDialog>
    </Card>
  );
}
