/** Unknown console paths (spec §2): Page Not Found with a Go to Dashboard button. */
import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

export function NotFound() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 8 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {translate('console.not_found.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('console.not_found.text')}
      </Typography>
      <Button variant="contained" component={Link} to="/dashboard">
        {translate('console.not_found.dashboard')}
      </Button>
    </Box>
  );
}
