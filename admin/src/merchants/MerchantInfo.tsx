/**
 * Merchant Details' info card: the merchant's details and both status badges, Edit (modal, saved
 * with `useUpdate`), Delete (confirmed, `useDelete`; payments are kept), Back.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { useDelete, useNotify, useTranslate, useUpdate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../shared/Confirm.tsx';
import { can, isAdmin } from '../access.ts';
import { DetailRow } from '../shared/DetailRow.tsx';
import { shortDate } from '../shared/format.ts';
import type { Merchant } from '../shared/types.ts';
import { changedFields, MerchantFormDialog } from './MerchantFormDialog.tsx';
import { MerchantBadges } from './MerchantStatus.tsx';

export function MerchantInfo({ merchant }: { merchant: Merchant }) {
  const notify = useNotify();
  const translate = useTranslate();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [update] = useUpdate<Merchant>();
  const [remove, { isPending: deleting }] = useDelete<Merchant>();
  const initial = {
    business_name: merchant.business_name,
    name: merchant.name,
    email: merchant.email,
    phone: merchant.phone ?? '',
    description: merchant.description ?? '',
    time_zone: merchant.time_zone ?? '',
    logo_url: merchant.logo_url ?? '',
    brand_color: merchant.brand_color ?? '',
  };

  const deleteMerchant = () =>
    remove(
      'merchants',
      { id: merchant.id, previousData: merchant },
      {
        onSuccess: () => {
          notify('console.merchants.deleted', { type: 'success' });
          navigate('/merchants');
        },
        onError: () => {
          notify('console.merchants.delete_failed', { type: 'error' });
          setConfirmDelete(false);
        },
      },
    );

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
            <Box sx={{ mt: 0.5 }}>
              <MerchantBadges record={merchant} />
            </Box>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button startIcon={<ArrowBackIcon />} onClick={() => navigate('/merchants')}>
              {translate('console.common.back')}
            </Button>
            {can('merchant.update', merchant.id) ? (
              <Button variant="outlined" onClick={() => setEditing(true)}>
                {translate('ra.action.edit')}
              </Button>
            ) : null}
            {isAdmin() ? (
              <Button variant="outlined" color="error" onClick={() => setConfirmDelete(true)}>
                {translate('ra.action.delete')}
              </Button>
            ) : null}
          </Box>
        </Box>
        <Box component="dl" sx={{ mt: 2, mb: 0 }}>
          <DetailRow label={translate('console.merchants.fields.name')}>{merchant.name}</DetailRow>
          <DetailRow label={translate('console.merchants.fields.email')}>{merchant.email}</DetailRow>
          <DetailRow label={translate('console.merchants.fields.phone')}>{merchant.phone || '—'}</DetailRow>
          <DetailRow label={translate('console.merchants.fields.description')}>
            {merchant.description || translate('console.merchants.no_description')}
          </DetailRow>
          <DetailRow label={translate('console.merchants.fields.id')}>
            <code data-testid="merchant-id">{merchant.id}</code>
          </DetailRow>
          <DetailRow label={translate('console.merchants.fields.shortcode')}>
            <code>{merchant.shortcode}</code>
          </DetailRow>
          <DetailRow label={translate('console.merchants.fields.time_zone')}>{merchant.time_zone}</DetailRow>
          <DetailRow label={translate('console.branding.logo_url')}>
            {merchant.logo_url ? (
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                <Box
                  component="img"
                  src={merchant.logo_url}
                  alt={translate('console.branding.logo_alt', { name: merchant.business_name })}
                  referrerPolicy="no-referrer"
                  sx={{ height: 24, maxWidth: 120, objectFit: 'contain' }}
                />
                {merchant.logo_url}
              </Box>
            ) : (
              '—'
            )}
          </DetailRow>
          <DetailRow label={translate('console.branding.brand_color')}>
            {merchant.brand_color ? (
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                <Box
                  component="span"
                  aria-hidden
                  sx={{ width: 16, height: 16, borderRadius: 0.5, bgcolor: merchant.brand_color }}
                />
                {merchant.brand_color}
              </Box>
            ) : (
              translate('console.branding.none')
            )}
          </DetailRow>
          <DetailRow label={translate('console.merchants.fields.created_at')}>
            {shortDate(merchant.created_at)}
          </DetailRow>
        </Box>
      </CardContent>
      <MerchantFormDialog
        open={editing}
        title={translate('console.merchants.edit')}
        submitLabel={translate('ra.action.save')}
        initial={initial}
        failureMessage={translate('console.merchants.update_failed')}
        onClose={() => setEditing(false)}
        onSubmit={async (values) => {
          const changes = changedFields(initial, values);
          if (Object.keys(changes).length) {
            try {
              await update(
                'merchants',
                { id: merchant.id, data: changes, previousData: merchant },
                { mutationMode: 'pessimistic', returnPromise: true },
              );
            } catch (err) {
              notify('console.merchants.update_failed', { type: 'error' });
              throw err;
            }
          }
          notify('console.merchants.updated', { type: 'success' });
          setEditing(false);
        }}
      />
      <ConfirmDialog
        open={confirmDelete}
        title={translate('console.merchants.delete_title')}
        confirmLabel={translate('ra.action.delete')}
        danger
        busy={deleting}
        onConfirm={deleteMerchant}
        onClose={() => setConfirmDelete(false)}
      >
        {translate('console.merchants.delete_text', { name: merchant.business_name })}
      </ConfirmDialog>
    </Card>
  );
}
