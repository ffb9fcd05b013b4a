/**
 * The merchant switcher (issue 32): a member of several merchants (an agency) picks one, or all of
 * theirs, in the app bar, and every list shows that merchant's rows (the data provider adds the
 * filter: admin/src/data/dataProvider.ts). The choice is kept for the next visit. Admins and members
 * of one merchant do not see it: their lists are already what they may see (the server scopes them).
 */
import { MenuItem, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { isAdmin, myMemberships } from '../access.ts';
import { chosenMerchant, chooseMerchant } from '../merchant-choice.ts';

export function MerchantSwitcher() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const memberships = myMemberships();
  const [chosen, setChosen] = useState(chosenMerchant() ?? '');
  if (isAdmin() || memberships.length < 2) return null;
  return (
    <TextField
      select
      size="small"
      label={translate('console.switcher.label')}
      value={chosen}
      onChange={(e) => {
        chooseMerchant(e.target.value || null);
        setChosen(e.target.value);
        void queryClient.invalidateQueries();
      }}
      sx={{
        minWidth: 180,
        maxWidth: { xs: 160, sm: 260 },
        mr: 1,
        '& .MuiInputBase-root': { color: 'inherit', bgcolor: 'rgba(255,255,255,0.12)' },
        '& .MuiInputLabel-root, & .MuiSvgIcon-root': { color: 'inherit' },
      }}
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
