/**
 * The merchant switcher (issue 32): a member of several merchants (an agency) picks one, or all of
 * theirs, in the app bar, and every list shows that merchant's rows (the data provider adds the
 * filter: admin/src/data/dataProvider.ts). The choice is kept for the next visit. Admins and members
 * of one merchant do not see it: their lists are already what they may see (the server scopes them).
 * On a phone it sits at the top of the page instead of the app bar, which keeps the page title
 * readable (issue 50 item 9); both show the choice, "All my merchants" included.
 */
import { MenuItem, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useReducer } from 'react';
import { useTranslate } from 'react-admin';
import { isAdmin, myMemberships } from '../access.ts';
import { chosenMerchant, chooseMerchant } from '../merchant-choice.ts';

export function MerchantSwitcher({ where }: { where: 'bar' | 'page' }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const memberships = myMemberships();
  // The choice lives in merchant-choice.ts (the bar's and the page's switchers read the same one).
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const chosen = chosenMerchant() ?? '';
  if (isAdmin() || memberships.length < 2) return null;
  return (
    <TextField
      select
      size="small"
      label={translate('console.switcher.label')}
      value={chosen}
      onChange={(e) => {
        chooseMerchant(e.target.value || null);
        rerender();
        void queryClient.invalidateQueries();
      }}
      // "All my merchants" is a value like the others: shown, with the label above it.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={
        where === 'bar'
          ? {
              display: { xs: 'none', sm: 'inline-flex' },
              minWidth: 180,
              maxWidth: 260,
              mr: 1,
              '& .MuiInputBase-root': { color: 'inherit', bgcolor: 'rgba(255,255,255,0.12)' },
              '& .MuiInputLabel-root, & .MuiSvgIcon-root': { color: 'inherit' },
            }
          : { display: { xs: 'flex', sm: 'none' }, mt: 2, mb: 1 }
      }
    >
      <MenuItem value="">{translate('console.switcher.all')}</MenuItem>
      {memberships.map((m) => (
        <MenuItem key={m.merchant_id} value={m.merchant_id}>
          {m.merchant_name}
        </MenuItem>
      ))}
    </TextField>
  );
}
