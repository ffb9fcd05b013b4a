/**
 * The event types a webhook receiver gets: "Every event" (`*`, those added later too) or some of
 * them. Choosing a type drops "Every event"; choosing "Every event" drops the types.
 */
import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

export const EVENT_TYPES = [
  'payment.succeeded',
  'payment.refunded',
  'payment.write_off',
  'invoice.paid',
  'payment.failed',
  'refund.failed',
  'payment.disputed',
] as const;
export const ALL_EVENTS = '*';

export function eventLabel(translate: (key: string) => string, type: string) {
  return type === ALL_EVENTS ? translate('console.webhook_endpoints.all_events') : type;
}

export function EventTypesField({
  value,
  onChange,
  testId,
  helperText,
}: {
  value: string[];
  onChange(next: string[]): void;
  testId: string;
  helperText?: string;
}) {
  const translate = useTranslate();
  return (
    <TextField
      select
      label={translate('console.webhook_endpoints.events')}
      value={value}
      onChange={(e) => {
        const picked = e.target.value as unknown as string[];
        const added = picked.find((p) => !value.includes(p));
        const next = added === ALL_EVENTS ? [ALL_EVENTS] : picked.filter((p) => p !== ALL_EVENTS);
        onChange(next.length ? next : [ALL_EVENTS]);
      }}
      fullWidth
      margin="dense"
      size="small"
      helperText={helperText}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (v) => (v as string[]).map((t) => eventLabel(translate, t)).join(', '),
        },
        htmlInput: { 'data-testid': testId },
      }}
    >
      <MenuItem value={ALL_EVENTS}>{translate('console.webhook_endpoints.all_events')}</MenuItem>
      {EVENT_TYPES.map((type) => (
        <MenuItem key={type} value={type}>
          {type}
        </MenuItem>
      ))}
    </TextField>
  );
}
