/** One label/value pair of a details card's definition list (`<Box component="dl">`). */
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export function DetailRow({
  label,
  labelWidth = 180,
  children,
}: {
  label: string;
  /** Pixels of the label column from the `sm` breakpoint up (stacked below it). */
  labelWidth?: number;
  children: ReactNode;
}) {
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: `${labelWidth}px 1fr` }, gap: 1, py: 0.5 }}
    >
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}
