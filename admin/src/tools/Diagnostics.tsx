/**
 * /admin/diagnostics (the spec's /debug and /test/supabase, admin-only per DESIGN §4b): database
 * connection and dialect, payments mode, version, the signed-in user, browser info, up to 5 merchants.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { useDataQuery } from '../data/useAction.ts';
import { HeadRow, right } from '../shared/HeadRow.tsx';

const DIALECT = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const;

export function Diagnostics() {
  const translate = useTranslate();
  const { data, error, isPending, refetch, isFetching } = useDataQuery(['diagnostics'], (dp) =>
    dp.getDiagnostics(),
  );
  const nav = typeof navigator !== 'undefined' ? navigator : null;
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Card component="section" aria-labelledby="db-title">
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
            <Typography id="db-title" variant="h6" component="h2">
              {translate('console.diagnostics.database')}
            </Typography>
            <Button onClick={() => void refetch()} disabled={isFetching}>
              {translate(isFetching ? 'console.diagnostics.checking' : 'console.diagnostics.check_again')}
            </Button>
          </Box>
          {isPending ? <Typography>{translate('console.diagnostics.checking')}</Typography> : null}
          {error ? (
            <Alert severity="error" role="alert">
              {translate('console.diagnostics.db_unreachable', { error: error.message })}
            </Alert>
          ) : null}
          {data ? (
            data.database.connected ? (
              <Alert severity="success">
                {translate('console.diagnostics.connected', {
                  database: DIALECT[data.database.dialect],
                  ms: data.database.latency_ms,
                })}
              </Alert>
            ) : (
              <Alert severity="error" role="alert">
                {translate('console.diagnostics.failed', {
                  database: DIALECT[data.database.dialect],
                  error: data.database.error,
                })}
              </Alert>
            )
          ) : null}
          {data ? (
            <Box
              component="dl"
              sx={{
                mt: 2,
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' },
                rowGap: 0.5,
              }}
            >
              <dt>{translate('console.diagnostics.payments_mode')}</dt>
              <dd style={{ margin: 0 }}>
                {translate(
                  data.payments_provider === 'sandbox'
                    ? 'console.diagnostics.sandbox'
                    : 'console.diagnostics.stripe',
                )}
              </dd>
              <dt>{translate('console.diagnostics.version')}</dt>
              <dd style={{ margin: 0 }}>{data.version}</dd>
              <dt>Node.js</dt>
              <dd style={{ margin: 0 }}>{data.node_version}</dd>
              <dt>{translate('console.diagnostics.public_url')}</dt>
              <dd style={{ margin: 0 }}>{data.public_base_url}</dd>
              <dt>{translate('console.diagnostics.signed_in_as')}</dt>
              <dd style={{ margin: 0 }}>
                {data.user
                  ? `${data.user.email} (${data.user.role})`
                  : translate('console.diagnostics.not_authenticated')}
              </dd>
            </Box>
          ) : null}
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby="merchants-diag-title">
        <CardContent>
          <Typography id="merchants-diag-title" variant="h6" component="h2">
            {translate('console.diagnostics.merchants')}
          </Typography>
          {data && !data.merchants.length ? (
            <Typography color="text.secondary">{translate('console.diagnostics.no_merchants')}</Typography>
          ) : null}
          {data?.merchants.length ? (
            <Table size="small">
              <HeadRow
                columns={[
                  'console.diagnostics.name',
                  'console.merchants.fields.email',
                  'console.merchants.columns.account',
                  right('console.surcharge.title'),
                ]}
              />
              <TableBody>
                {data.merchants.map((m) => (
                  <TableRow key={m.id}>
                    <TableCell>{m.business_name}</TableCell>
                    <TableCell>{m.email}</TableCell>
                    <TableCell>{m.status}</TableCell>
                    <TableCell align="right">
                      {m.surcharge_enabled
                        ? `${m.surcharge_percentage}%`
                        : translate('console.diagnostics.off')}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : null}
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby="browser-title">
        <CardContent>
          <Typography id="browser-title" variant="h6" component="h2">
            {translate('console.diagnostics.browser')}
          </Typography>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, rowGap: 0.5 }}
          >
            <dt>{translate('console.diagnostics.user_agent')}</dt>
            <dd style={{ margin: 0, wordBreak: 'break-all' }}>{nav?.userAgent}</dd>
            <dt>{translate('console.diagnostics.language')}</dt>
            <dd style={{ margin: 0 }}>{nav?.language}</dd>
            <dt>{translate('console.diagnostics.cookies')}</dt>
            <dd style={{ margin: 0 }}>
              {translate(nav?.cookieEnabled ? 'console.common.yes' : 'console.common.no')}
            </dd>
            <dt>{translate('console.diagnostics.online')}</dt>
            <dd style={{ margin: 0 }}>
              {translate(nav?.onLine ? 'console.common.yes' : 'console.common.no')}
            </dd>
            <dt>{translate('console.diagnostics.screen')}</dt>
            <dd style={{ margin: 0 }}>
              {typeof window !== 'undefined'
                ? `${window.screen.width}×${window.screen.height}, viewport ${window.innerWidth}×${window.innerHeight}`
                : ''}
            </dd>
            <dt>{translate('console.diagnostics.time_zone')}</dt>
            <dd style={{ margin: 0 }}>{Intl.DateTimeFormat().resolvedOptions().timeZone}</dd>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
