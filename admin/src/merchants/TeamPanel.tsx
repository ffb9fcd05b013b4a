/**
 * Merchant Details' Team card (issue 32, docs/auth.md), for the merchant's owners and admins: who
 * signs in to this merchant with which role, open invitations (withdraw), invite by email, change a
 * role, remove someone. The server keeps the last owner and says so; its message is shown.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { MEMBER_ROLES } from '../../../core/roles.ts';
import { useAction, useDataQuery } from '../data/useAction.ts';
import { ConfirmDialog } from '../shared/Confirm.tsx';
import { shortDate } from '../shared/format.ts';
import type { Merchant, RemovedMember, TeamMember } from '../shared/types.ts';

export function TeamPanel({ merchant }: { merchant: Merchant }) {
  const translate = useTranslate();
  const team = useDataQuery(['team', merchant.id], (dp) => dp.getTeam({ id: merchant.id }));
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string>('staff');
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const invite = useAction(
    (dp, v: { email: string; role: string }) => dp.inviteMember({ id: merchant.id, ...v }),
    {
      success: 'console.team.invited',
      failure: 'console.team.invite_failed',
      invalidate: ['team'],
      onSuccess: () => setEmail(''),
    },
  );
  const withdraw = useAction(
    (dp, invitationId: string) => dp.withdrawInvitation({ id: merchant.id, invitationId }),
    {
      success: 'console.team.withdrawn',
      failure: 'console.team.withdraw_failed',
      invalidate: ['team'],
    },
  );
  const changeRole = useAction(
    (dp, v: { userId: string; role: string }) => dp.changeMemberRole({ id: merchant.id, ...v }),
    { success: 'console.team.role_changed', failure: 'console.team.role_failed', invalidate: ['team'] },
  );
  // The webhook endpoints a removed member made keep receiving events: shown, to keep or delete.
  const [leftBehind, setLeftBehind] = useState<{
    email: string;
    endpoints: RemovedMember['webhook_endpoints'];
  } | null>(null);
  const remove = useAction((dp, userId: string) => dp.removeMember({ id: merchant.id, userId }), {
    success: 'console.team.removed',
    failure: 'console.team.remove_failed',
    invalidate: ['team', 'webhook-endpoints'],
    onSuccess: (removed) => {
      setLeftBehind(
        removed.webhook_endpoints.length > 0
          ? { email: removing?.email ?? '', endpoints: removed.webhook_endpoints }
          : null,
      );
      setRemoving(null);
    },
  });

  const roleName = (r: string) => translate(`console.team.roles.${r}`);
  return (
    <Card component="section" aria-labelledby="team-title">
      <CardContent>
        <Typography id="team-title" variant="h6" component="h2" gutterBottom>
          {translate('console.team.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('console.team.intro')}
        </Typography>
        {leftBehind ? (
          <Alert severity="warning" sx={{ mb: 2 }} onClose={() => setLeftBehind(null)}>
            {translate('console.team.endpoints_left', {
              email: leftBehind.email,
              smart_count: leftBehind.endpoints.length,
            })}
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {leftBehind.endpoints.map((e) => (
                <li key={e.id} style={{ wordBreak: 'break-all' }}>
                  {e.url}
                  {e.description ? ` (${e.description})` : ''}
                </li>
              ))}
            </Box>
          </Alert>
        ) : null}
        {team.isPending ? (
          <CircularProgress size={24} aria-label={translate('console.team.loading')} />
        ) : team.error ? (
          <Typography color="error" role="alert">
            {translate('console.team.load_failed')}
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="team-title">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('console.team.email')}</TableCell>
                  <TableCell>{translate('console.team.role')}</TableCell>
                  <TableCell>{translate('console.team.since')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {team.data!.members.map((m) => (
                  <TableRow key={m.user_id}>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{m.email}</TableCell>
                    <TableCell>
                      <TextField
                        select
                        size="small"
                        value={m.role}
                        label={translate('console.team.change_role', { email: m.email })}
                        slotProps={{ inputLabel: { sx: visuallyHidden } }}
                        disabled={changeRole.isPending}
                        onChange={(e) => changeRole.mutate({ userId: m.user_id, role: e.target.value })}
                      >
                        {MEMBER_ROLES.map((r) => (
                          <MenuItem key={r} value={r}>
                            {roleName(r)}
                          </MenuItem>
                        ))}
                      </TextField>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{shortDate(m.created_at)}</TableCell>
                    <TableCell align="right">
                      <Button color="error" onClick={() => setRemoving(m)}>
                        {translate('console.team.remove')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
                {team.data!.invitations.map((i) => (
                  <TableRow key={i.id}>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{i.email}</TableCell>
                    <TableCell>{roleName(i.role)}</TableCell>
                    <TableCell>
                      {translate(i.expired ? 'console.team.expired' : 'console.team.pending')}
                    </TableCell>
                    <TableCell align="right">
                      <Button onClick={() => withdraw.mutate(i.id)} disabled={withdraw.isPending}>
                        {translate('console.team.withdraw')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        <Box
          component="form"
          aria-label={translate('console.team.invite_title')}
          sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
          onSubmit={(e) => {
            e.preventDefault();
            if (email.trim()) invite.mutate({ email: email.trim(), role });
          }}
        >
          <TextField
            type="email"
            size="small"
            required
            label={translate('console.team.email')}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            helperText={translate('console.team.invite_hint')}
            sx={{ flex: '1 1 220px' }}
          />
          <TextField
            select
            size="small"
            label={translate('console.team.role')}
            value={role}
            onChange={(e) => setRole(e.target.value)}
            sx={{ minWidth: 140 }}
          >
            {MEMBER_ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {roleName(r)}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained" disabled={invite.isPending}>
            {translate('console.team.invite')}
          </Button>
        </Box>
      </CardContent>
      <ConfirmDialog
        open={!!removing}
        title={translate('console.team.remove_title', { email: removing?.email ?? '' })}
        confirmLabel={translate('console.team.remove')}
        danger
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.user_id)}
        onClose={() => setRemoving(null)}
      >
        {translate('console.team.remove_text')}
      </ConfirmDialog>
    </Card>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
