/**
 * A console table's header row from its columns' i18n keys: `'console.ledger.date'`, a right-aligned
 * (money) column `right('console.ledger.amount')`, or a column only screen readers read (a row's actions)
 * `hidden('console.common.actions')`.
 */
import { Box, TableCell, TableHead, TableRow } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useTranslate } from 'react-admin';

type Column = string | { label: string; align?: 'right'; hidden?: boolean };

export const right = (label: string): Column => ({ label, align: 'right' });
export const hidden = (label: string): Column => ({ label, hidden: true });

export function HeadRow({ columns }: { columns: Column[] }) {
  const translate = useTranslate();
  return (
    <TableHead>
      <TableRow>
        {columns.map((column) => {
          const { label, align, hidden: srOnly } = typeof column === 'string' ? { label: column } : column;
          return (
            // The hidden label is absolutely placed: its cell holds it, so a table scrolling inside its
            // card never widens the page through it.
            <TableCell key={label} align={align} sx={srOnly ? { position: 'relative' } : undefined}>
              {srOnly ? (
                <Box component="span" sx={visuallyHidden}>
                  {translate(label)}
                </Box>
              ) : (
                translate(label)
              )}
            </TableCell>
          );
        })}
      </TableRow>
    </TableHead>
  );
}
