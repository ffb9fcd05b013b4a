/**
 * /admin/login: email and password, signing in through the shared auth client (the same session
 * serves the site's /login). Shows the server's message or 'An error occurred during sign in'.
 */
import { Alert, Box, Button, Card, CardContent, Link, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { useLogin, useTranslate } from 'react-admin';
import { SIGN_IN_FAILED, SIGN_IN_SLOW } from '../../../client/auth.ts';
import { useSlow } from '../../../client/use-slow.ts';

export function LoginPage() {
  const login = useLogin();
  const translate = useTranslate();
  useEffect(() => {
    document.title = `${translate('console.titles.login')} · ${translate('console.app_title')}`;
  }, [translate]);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const slow = useSlow(busy);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: typeof errors = {};
    if (!email.trim()) next.email = translate('console.login.email_required');
    if (!password) next.password = translate('console.login.password_required');
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
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
            <Box component="img" src="/favicon.svg" alt="" sx={{ width: 36, height: 36 }} />
            <Typography variant="h5" component="h1">
              {translate('console.app_title')}
            </Typography>
          </Box>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate('console.login.intro')}
          </Typography>
          <form onSubmit={submit} noValidate aria-label={translate('console.login.form')}>
            {error ? (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {error}
              </Alert>
            ) : null}
            <TextField
              label={translate('console.login.email')}
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
              label={translate('console.login.password')}
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
              {translate(busy ? 'console.login.signing_in' : 'console.login.sign_in')}
            </Button>
            <Typography
              variant="body2"
              color="text.secondary"
              role="status"
              sx={{ mt: 1, minHeight: '1.5em' }}
            >
              {slow ? SIGN_IN_SLOW : ''}
            </Typography>
          </form>
          <Box sx={{ mt: 2, display: 'flex', justifyContent: 'space-between' }}>
            <Link href="/forgot-password">{translate('console.login.forgot')}</Link>
            <Link href="/">{translate('console.login.back_to_site')}</Link>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
