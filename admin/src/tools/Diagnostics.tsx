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
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useApi } from '../shared/useApi.ts';

interface Diag {
  database: {
    connected: boolean;
    latency_ms: number | null;
    error: string | null;
    dialect: 'sqlite' | 'postgres';
  };
  payments_provider: string;
  version: string;
  node_version: string;
  public_base_url: string;
  user: { id: string; email: string; role: string } | null;
  merchants: Array<{
    id: string;
    business_name: string;
    name: string;
    email: string;
    status: string;
    surcharge_percentage: number;
    surcharge_enabled: boolean;
  }>;
  checked_at: string;
}

const DIALECT = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const;

export function Diagnostics() {
  const { data, error, isPending, refetch, isFetching } = useApi<Diag>('/api/admin/diagnostics');
  const nav = typeof navigator !== 'undefined' ? navigator : null;
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Card component="section" aria-labelledby="db-title">
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
            <Typography id="db-title" variant="h6" component="h2">
              Database connection
            </Typography>
            <Button onClick={() => void refetch()} disabled={isFetching}>
              {isFetching ? 'Checking...' : 'Check again'}
            </Button>
          </Box>
          {isPending ? <Typography>Checking…</Typography> : null}
          {error ? (
            <Alert severity="error" role="alert">
              Failed to connect to the database: {error.message}
            </Alert>
          ) : null}
          {data ? (
            data.database.connected ? (
              <Alert severity="success">
                Connected successfully to {DIALECT[data.database.dialect]}! ({data.database.latency_ms} ms)
              </Alert>
            ) : (
              <Alert severity="error" role="alert">
                Failed to connect to {DIALECT[data.database.dialect]}: {data.database.error}
              </Alert>
            )
          ) : null}
          {data ? (
            <Box
              component="dl"
              sx={{ mt: 2, display: 'grid', gridTemplateColumns: '200px 1fr', rowGap: 0.5 }}
            >
              <dt>Payments mode</dt>
              <dd style={{ margin: 0 }}>
                {data.payments_provider === 'sandbox' ? 'sandbox (test mode)' : 'Stripe'}
              </dd>
              <dt>Version</dt>
              <dd style={{ margin: 0 }}>{data.version}</dd>
              <dt>Node.js</dt>
              <dd style={{ margin: 0 }}>{data.node_version}</dd>
              <dt>Public URL</dt>
              <dd style={{ margin: 0 }}>{data.public_base_url}</dd>
              <dt>Signed in as</dt>
              <dd style={{ margin: 0 }}>
                {data.user ? `${data.user.email} (${data.user.role})` : 'Not authenticated. Please sign in.'}
              </dd>
            </Box>
          ) : null}
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby="merchants-diag-title">
        <CardContent>
          <Typography id="merchants-diag-title" variant="h6" component="h2">
            Merchants (up to 5)
          </Typography>
          {data && !data.merchants.length ? (
            <Typography color="text.secondary">No merchants found. You may need to add test data.</Typography>
          ) : null}
          {data?.merchants.length ? (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Email</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell align="right">Surcharge</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.merchants.map((m) => (
                  <TableRow key={m.id}>
                    <TableCell>{m.business_name}</TableCell>
                    <TableCell>{m.email}</TableCell>
                    <TableCell>{m.status}</TableCell>
                    <TableCell align="right">
                      {m.surcharge_enabled ? `${m.surcharge_percentage}%` : 'off'}
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
            Browser
          </Typography>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '200px 1fr', rowGap: 0.5 }}>
            <dt>User agent</dt>
            <dd style={{ margin: 0, wordBreak: 'break-all' }}>{nav?.userAgent}</dd>
            <dt>Language</dt>
            <dd style={{ margin: 0 }}>{nav?.language}</dd>
            <dt>Cookies enabled</dt>
            <dd style={{ margin: 0 }}>{nav?.cookieEnabled ? 'yes' : 'no'}</dd>
            <dt>Online</dt>
            <dd style={{ margin: 0 }}>{nav?.onLine ? 'yes' : 'no'}</dd>
            <dt>Screen</dt>
            <dd style={{ margin: 0 }}>
              {typeof window !== 'undefined'
                ? `${window.screen.width}×${window.screen.height}, viewport ${window.innerWidth}×${window.innerHeight}`
                : ''}
            </dd>
            <dt>Time zone</dt>
            <dd style={{ margin: 0 }}>{Intl.DateTimeFormat().resolvedOptions().timeZone}</dd>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
