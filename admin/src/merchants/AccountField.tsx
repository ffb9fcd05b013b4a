/**
 * One account setting: chosen from the tool's own list once it is read (issue 50 item 1), typed
 * only when the list cannot be read (the reason is shown above the fields). A saved value the tool
 * no longer lists stays visible, marked, so nothing changes silently.
 */
import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AccountChoice } from '../shared/accounting-types.ts';

export function AccountField({
  label,
  help,
  value,
  onChange,
  options,
  optional,
  tool,
}: {
  label: string;
  help: string;
  value: string;
  onChange(value: string): void;
  options: AccountChoice[] | null;
  optional: boolean;
  tool: string;
}) {
  const translate = useTranslate();
  const common = {
    label,
    value,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
    size: 'small' as const,
    margin: 'dense' as const,
    fullWidth: true,
    helperText: help,
  };
  if (!options) return <TextField {...common} />;
  const listed = value === '' || options.some((o) => o.code === value);
  return (
    <TextField select {...common}>
      {optional || value === '' ? (
        <MenuItem value="">
          <em>{translate('console.accounting_connection.none_chosen')}</em>
        </MenuItem>
      ) : null}
      {listed ? null : (
        <MenuItem value={value}>
          {translate('console.accounting_connection.not_listed', { code: value, tool })}
        </MenuItem>
      )}
      {options.map((o) => (
        <MenuItem key={o.code} value={o.code}>
          {o.name === o.code ? o.name : `${o.name} (${o.code})`}
        </MenuItem>
      ))}
    </TextField>
  );
}
