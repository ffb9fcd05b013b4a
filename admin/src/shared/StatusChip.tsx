/** A small coloured status badge. */
import { Chip } from '@mui/material';
import { statusLabel, type Tone } from './format.ts';

export function StatusChip({
  status,
  tone,
  label,
  testId,
}: {
  status: string | null | undefined;
  tone: Tone;
  label?: string;
  testId?: string;
}) {
  return (
    <Chip
      size="small"
      color={tone}
      label={label ?? statusLabel(status)}
      data-tone={tone}
      data-status={status ?? undefined}
      data-testid={testId}
      variant={tone === 'default' ? 'outlined' : 'filled'}
    />
  );
}
