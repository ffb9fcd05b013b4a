/** The Developers tab's way to the merchant's API keys (the API Keys page makes, lists and revokes them). */
import { Button, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

export function ApiKeysCard() {
  const translate = useTranslate();
  return (
    <Card component="section" aria-labelledby="api-keys-card-title">
      <CardContent>
        <Typography id="api-keys-card-title" variant="h6" component="h2" gutterBottom>
          {translate('console.api_keys.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('console.api_keys.intro')}
        </Typography>
        <Button variant="outlined" component={Link} to="/api-keys">
          {translate('console.api_keys.manage')}
        </Button>
      </CardContent>
    </Card>
  );
}
