/**
 * /admin/login: email and password, signing in through the shared auth client (the same session
 * serves the site's /login). Shows the server's message or 'An error occurred during sign in'.
 */
import { Alert, Box, Button, Card, CardContent, Link, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useLogin } from 'react-admin';
import { SIGN_IN_FAILED } from '../../../client/auth.ts';

export function LoginPage() {
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: typeof errors = {};
    if (!email.trim()) next.email = 'Email is required';
    if (!password) next.password = 'Password is required';
    setErrors(next);
    setError(null);
    if (next.email || next.password) return;
    setBusy(true);
    try {
      await login({ email: email.trim(), password });
    } catch (err) {
      setError((err as Error)?.message || SIGN_IN_FAILED);
      setBusy(false);
    }
  }

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'grey.100',
        p: 2,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            InvoicePay Console
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Sign in with your admin account.
          </Typography>
          <form onSubmit={submit} noValidate aria-label="Sign in">
            {error ? (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {error}
              </Alert>
            ) : null}
            <TextField
              label="Email"
              type="email"
              name="email"
              autoComplete="username"
              fullWidth
              margin="normal"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setErrors((x) => ({ ...x, email: undefined }));
              }}
              error={Boolean(errors.email)}
              helperText={errors.email}
              autoFocus
            />
            <TextField
              label="Password"
              type="password"
              name="password"
              autoComplete="current-password"
              fullWidth
              margin="normal"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setErrors((x) => ({ ...x, password: undefined }));
              }}
              error={Boolean(errors.password)}
              helperText={errors.password}
            />
            <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={busy}>
              {busy ? 'Signing in...' : 'Sign In'}
            </Button>
          </form>
          <Box sx={{ mt: 2, display: 'flex', justifyContent: 'space-between' }}>
            <Link href="/forgot-password">Forgot password?</Link>
            <Link href="/">Back to site</Link>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
