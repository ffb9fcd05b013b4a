/**
 * The merchant's surcharge policy: on/off, the percentage (0–5 %, default 2.95), and optional rules
 * by card funding, brand or region that override it for the card actually used (first match wins).
 */
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  IconButton,
  MenuItem,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { apiFetch, messageOf } from '../api.ts';
import type { Merchant, SurchargeRule } from '../shared/types.ts';

export const SURCHARGE_RANGE = 'Surcharge must be between 0% and 5%';

interface RuleDraft {
  kind: 'funding' | 'brand' | 'region';
  value: string;
  percentage: string;
}

function toDraft(r: SurchargeRule): RuleDraft {
  if (r.funding) return { kind: 'funding', value: r.funding, percentage: String(r.percentage) };
  if (r.region) return { kind: 'region', value: r.region, percentage: String(r.percentage) };
  return { kind: 'brand', value: r.brand ?? '', percentage: String(r.percentage) };
}

function validPercentage(v: string): boolean {
  if (!/^\d+(\.\d{1,2})?$/.test(v.trim())) return false;
  const n = Number(v);
  return n >= 0 && n <= 5;
}

export function SurchargePanel({ merchant, onChanged }: { merchant: Merchant; onChanged(): void }) {
  const notify = useNotify();
  const [enabled, setEnabled] = useState(merchant.surcharge_enabled);
  const [percentage, setPercentage] = useState(String(merchant.surcharge_percentage));
  const [rules, setRules] = useState<RuleDraft[]>(merchant.surcharge_rules.map(toDraft));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setEnabled(merchant.surcharge_enabled);
    setPercentage(String(merchant.surcharge_percentage));
    setRules(merchant.surcharge_rules.map(toDraft));
  }, [merchant]);

  async function save() {
    setError(null);
    if (!validPercentage(percentage) || rules.some((r) => !validPercentage(r.percentage))) {
      setError(SURCHARGE_RANGE);
      return;
    }
    if (rules.some((r) => !r.value.trim())) {
      setError('Each rule needs a card type, brand or region');
      return;
    }
    setBusy(true);
    try {
      await apiFetch(`/api/admin/merchants/${merchant.id}`, {
        method: 'PUT',
        body: {
          surcharge_enabled: enabled,
          surcharge_percentage: percentage.trim(),
          surcharge_rules: rules.map((r) => ({ [r.kind]: r.value.trim(), percentage: r.percentage.trim() })),
        },
      });
      notify('Surcharge settings saved', { type: 'success' });
      onChanged();
    } catch (err) {
      setError(messageOf(err, 'Failed to update merchant details. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card component="section" aria-labelledby="surcharge-title">
      <CardContent>
        <Typography id="surcharge-title" variant="h6" component="h2" gutterBottom>
          Customer Surcharge
        </Typography>
        {error ? (
          <Alert severity="error" role="alert" sx={{ mb: 1 }}>
            {error}
          </Alert>
        ) : null}
        <FormControlLabel
          control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />}
          label="Charge customers a card surcharge"
        />
        <TextField
          label="Surcharge percentage"
          value={percentage}
          onChange={(e) => setPercentage(e.target.value)}
          size="small"
          sx={{ display: 'block', my: 1 }}
          disabled={!enabled}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          helperText="0 to 5 %, e.g. 2.95"
        />
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          Rules (first match wins)
        </Typography>
        {rules.map((r, i) => (
          <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'center', my: 1, flexWrap: 'wrap' }}>
            <TextField
              select
              size="small"
              label="Applies to"
              value={r.kind}
              onChange={(e) =>
                setRules((xs) =>
                  xs.map((x, j) =>
                    j === i ? { ...x, kind: e.target.value as RuleDraft['kind'], value: '' } : x,
                  ),
                )
              }
              sx={{ minWidth: 130 }}
            >
              <MenuItem value="funding">Card type</MenuItem>
              <MenuItem value="brand">Brand</MenuItem>
              <MenuItem value="region">Region</MenuItem>
            </TextField>
            {r.kind === 'brand' ? (
              <TextField
                size="small"
                label="Brand"
                value={r.value}
                onChange={(e) =>
                  setRules((xs) => xs.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))
                }
                placeholder="amex"
              />
            ) : (
              <TextField
                select
                size="small"
                label={r.kind === 'funding' ? 'Card type' : 'Region'}
                value={r.value}
                onChange={(e) =>
                  setRules((xs) => xs.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))
                }
                sx={{ minWidth: 150 }}
              >
                {(r.kind === 'funding' ? ['credit', 'debit', 'prepaid'] : ['domestic', 'international']).map(
                  (v) => (
                    <MenuItem key={v} value={v}>
                      {v}
                    </MenuItem>
                  ),
                )}
              </TextField>
            )}
            <TextField
              size="small"
              label="Percentage"
              value={r.percentage}
              onChange={(e) =>
                setRules((xs) => xs.map((x, j) => (j === i ? { ...x, percentage: e.target.value } : x)))
              }
              sx={{ width: 120 }}
            />
            <IconButton
              aria-label="Remove rule"
              onClick={() => setRules((xs) => xs.filter((_, j) => j !== i))}
            >
              <DeleteIcon />
            </IconButton>
          </Box>
        ))}
        <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
          <Button
            onClick={() => setRules((xs) => [...xs, { kind: 'funding', value: 'debit', percentage: '0' }])}
          >
            Add rule
          </Button>
          <Button variant="contained" onClick={save} disabled={busy}>
            {busy ? 'Saving...' : 'Save surcharge'}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
