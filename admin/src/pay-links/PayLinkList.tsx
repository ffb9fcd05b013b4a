/**
 * /admin/pay-links: signed pay links (invoice, merchant, amount, status, short link, expiry),
 * newest first, through the data provider's `pay-links` resource. Owners and staff (and admins)
 * make one for an invoice and cancel one; a canceled link is refused on the pay page from then on.
 * A SimpleList on phones.
 */
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Button, Typography } from '@mui/material';
import { useState } from 'react';
import {
  DataTable,
  SearchInput,
  SimpleList,
  TopToolbar,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { can } from '../access.ts';
import { useAction } from '../data/useAction.ts';
import { copyText } from '../shared/clipboard.ts';
import { ConfirmDialog } from '../shared/Confirm.tsx';
import { ConsoleList } from '../shared/ConsoleList.tsx';
import { money, shortDate } from '../shared/format.ts';
import { ResponsiveList } from '../shared/responsive.tsx';
import { StatusChip } from '../shared/StatusChip.tsx';
import type { PayLink } from '../shared/types.ts';
import { CreatePayLinkDialog } from './CreatePayLinkDialog.tsx';

function PayLinkActions() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  if (!can('pay_links.manage')) return null;
  return (
    <TopToolbar>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {translate('console.pay_links.create')}
      </Button>
      <CreatePayLinkDialog
        open={open}
        onClose={() => setOpen(false)}
        onCreated={(link) => {
          setOpen(false);
          notify(link.emailed_to ? 'console.pay_links.created_emailed' : 'console.pay_links.created', {
            type: 'success',
            messageArgs: { url: link.short_url, email: link.emailed_to ?? '' },
          });
          refresh();
        }}
      />
    </TopToolbar>
  );
}

/** Copy a link's short form (the one to send), with a toast; the button names the invoice for screen readers. */
function CopyButton({ link }: { link: PayLink }) {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <Button
      size="small"
      startIcon={<ContentCopyIcon />}
      aria-label={translate('console.pay_links.copy_label', { invoice: link.invoice_number })}
      onClick={() =>
        copyText(link.short_url).then(
          () => notify('console.pay_links.copied', { type: 'success', messageArgs: { url: link.short_url } }),
          () => notify('console.pay_links.copy_failed', { type: 'error' }),
        )
      }
    >
      {translate('console.pay_links.copy')}
    </Button>
  );
}

function CancelButton({ link }: { link: PayLink }) {
  const translate = useTranslate();
  const [confirm, setConfirm] = useState(false);
  const cancel = useAction((dp) => dp.cancelPayLink({ id: link.id }), {
    success: 'console.pay_links.canceled',
    failure: 'console.pay_links.cancel_failed',
    invalidate: ['pay-links'],
    onSuccess: () => setConfirm(false),
    onError: () => setConfirm(false),
  });
  if (link.status === 'canceled' || !can('pay_links.manage', link.merchant_id)) return null;
  return (
    <>
      <Button
        size="small"
        color="error"
        onClick={() => setConfirm(true)}
        aria-label={translate('console.pay_links.cancel_label', { invoice: link.invoice_number })}
      >
        {translate('console.pay_links.cancel')}
      </Button>
      <ConfirmDialog
        open={confirm}
        title={translate('console.pay_links.cancel_title')}
        confirmLabel={translate('console.pay_links.cancel')}
        danger
        busy={cancel.isPending}
        onClose={() => setConfirm(false)}
        onConfirm={() => cancel.mutate()}
      >
        {translate('console.pay_links.cancel_text', { invoice: link.invoice_number })}
      </ConfirmDialog>
    </>
  );
}

const tone = (l: PayLink) =>
  l.status === 'active' ? 'success' : l.status === 'expired' ? 'warning' : 'default';

export function PayLinkList() {
  const translate = useTranslate();
  return (
    <ConsoleList
      title="console.titles.pay_links"
      loadFailed="console.pay_links.load_failed"
      actions={<PayLinkActions />}
      exporter={false}
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder={translate('console.pay_links.search')} />,
      ]}
    >
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
        {translate('console.pay_links.intro')}
      </Typography>
      <ResponsiveList
        phone={
          <SimpleList<PayLink>
            primaryText={(l) => `${l.invoice_number} · ${money(l.amount, l.currency)}`}
            secondaryText={(l) => l.merchant_name ?? l.merchant_id}
            tertiaryText={(l) => l.status}
            rowClick={false}
          />
        }
        wide={
          <DataTable<PayLink> rowClick={false} bulkActionButtons={false}>
            <DataTable.Col source="invoice_number" label="console.pay_links.invoice_number" />
            <DataTable.Col
              source="merchant_id"
              label="console.pay_links.merchant"
              disableSort
              render={(l: PayLink) => l.merchant_name ?? l.merchant_id}
            />
            <DataTable.Col
              source="amount"
              label="console.pay_links.amount"
              render={(l: PayLink) => money(l.amount, l.currency)}
            />
            <DataTable.Col
              source="status"
              label="console.pay_links.status"
              disableSort
              render={(l: PayLink) => (
                <StatusChip
                  status={l.status}
                  tone={tone(l)}
                  label={translate(`console.pay_links.statuses.${l.status}`)}
                />
              )}
            />
            <DataTable.Col
              source="short_url"
              label="console.pay_links.link"
              disableSort
              render={(l: PayLink) => (
                <a href={l.short_url} target="_blank" rel="noopener">
                  {l.short_url.replace(/^https?:\/\//, '')}
                </a>
              )}
            />
            <DataTable.Col
              source="created_at"
              label="console.pay_links.created_at"
              render={(l: PayLink) => shortDate(l.created_at)}
            />
            <DataTable.Col
              label=""
              disableSort
              render={(l: PayLink) => (
                <>
                  <CopyButton link={l} />
                  <CancelButton link={l} />
                </>
              )}
            />
          </DataTable>
        }
      />
    </ConsoleList>
  );
}
