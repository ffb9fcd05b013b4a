/**
 * The merchant's surcharge policy: on/off, the percentage (0–5 %, default 2.95), and optional rules
 * by card funding, brand or region that override it for the card actually used (first match wins).
 */
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, IconButton, MenuItem, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Merchant, SurchargeRule } from '../shared/types.ts';
import { DecimalField, SettingsCard, useMerchantSave, useReadOnlyNote } from './SettingsCard.tsx';

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

/** The cards two rules both name (the second would never apply), or null. */
function duplicateTarget(rules: RuleDraft[]): string | null {
  const seen = new Set<string>();
  for (const r of rules) {
    const target = r.value.trim().toLowerCase();
    if (seen.has(`${r.kind}:${target}`)) return target;
    seen.add(`${r.kind}:${target}`);
  }
  return null;
}

export function SurchargePanel({ merchant }: { merchant: Merchant }) {
  const translate = useTranslate();
  // Percentages go to the API as typed ("2.95"): it parses them exactly, no float on the way.
  const { busy, error, setError, save: saveMerchant } = useMerchantSave(merchant, 'console.surcharge.saved');
  const [enabled, setEnabled] = useState(merchant.surcharge_enabled);
  const [percentage, setPercentage] = useState(String(merchant.surcharge_percentage));
  const [rules, setRules] = useState<RuleDraft[]>(merchant.surcharge_rules.map(toDraft));
  const saved = merchant.surcharge_rules.map(toDraft);
  const note = useReadOnlyNote(merchant);
  const yesNo = (v: boolean) => translate(v ? 'console.common.yes' : 'console.common.no');
  const unsaved =
    enabled !== merchant.surcharge_enabled ||
    percentage.trim() !== String(merchant.surcharge_percentage) ||
    JSON.stringify(rules) !== JSON.stringify(saved);

  useEffect(() => {
    setEnabled(merchant.surcharge_enabled);
    setPercentage(String(merchant.surcharge_percentage));
    setRules(merchant.surcharge_rules.map(toDraft));
  }, [merchant]);

  function save() {
    setError(null);
    if (rules.some((r) => !r.value.trim() || !r.percentage.trim())) {
      setError(translate('console.surcharge.rule_incomplete'));
      return;
    }
    if (!validPercentage(percentage) || rules.some((r) => !validPercentage(r.percentage))) {
      setError(translate('console.surcharge.range'));
      return;
    }
    const twice = duplicateTarget(rules);
    if (twice) {
      setError(translate('console.surcharge.rule_duplicate', { target: twice }));
      return;
    }
    saveMerchant({
      surcharge_enabled: enabled,
      surcharge_percentage: percentage.trim(),
      surcharge_rules: rules.map((r) => ({ [r.kind]: r.value.trim(), percentage: r.percentage.trim() })),
    });
  }

  return (
    <SettingsCard
      titleId="surcharge-title"
      title={translate('console.surcharge.title')}
      error={error}
      enabled={enabled}
      onEnabled={setEnabled}
      enabledLabel={translate('console.surcharge.enabled')}
      readOnly={
        note
          ? {
              note,
              rows: [
                [translate('console.surcharge.enabled'), yesNo(merchant.surcharge_enabled)],
                [translate('console.surcharge.percentage'), `${merchant.surcharge_percentage} %`],
                ...saved.map((r): [string, string] => [
                  `${translate('console.surcharge.rules')}: ${r.value}`,
                  `${r.percentage} %`,
                ]),
              ],
            }
          : null
      }
    >
      <DecimalField
        label={translate('console.surcharge.percentage')}
        value={percentage}
        onChange={(e) => setPercentage(e.target.value)}
        sx={{ display: 'block', my: 1 }}
        disabled={!enabled}
        helperText={translate('console.surcharge.percentage_help')}
      />
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {translate('console.surcharge.rules')}
      </Typography>
      {rules.map((r, i) => (
        <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'center', my: 1, flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label={translate('console.surcharge.applies_to')}
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
            <MenuItem value="funding">{translate('console.surcharge.card_type')}</MenuItem>
            <MenuItem value="brand">{translate('console.surcharge.brand')}</MenuItem>
            <MenuItem value="region">{translate('console.surcharge.region')}</MenuItem>
          </TextField>
          {r.kind === 'brand' ? (
            <TextField
              size="small"
              label={translate('console.surcharge.brand')}
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
              label={translate(
                r.kind === 'funding' ? 'console.surcharge.card_type' : 'console.surcharge.region',
              )}
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
            label={translate('console.surcharge.rule_percentage')}
            value={r.percentage}
            onChange={(e) =>
              setRules((xs) => xs.map((x, j) => (j === i ? { ...x, percentage: e.target.value } : x)))
            }
            sx={{ width: 120 }}
          />
          <IconButton
            aria-label={translate('console.surcharge.remove_rule')}
            onClick={() => setRules((xs) => xs.filter((_, j) => j !== i))}
          >
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      {unsaved ? (
        <Typography variant="body2" color="warning.main" role="status">
          {translate('console.common.unsaved')}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Button
          // A new rule starts empty: nothing is chosen for the merchant (a "debit 0 %" saved unread).
          onClick={() => setRules((xs) => [...xs, { kind: 'funding', value: '', percentage: '' }])}
        >
          {translate('console.surcharge.add_rule')}
        </Button>
        <Button variant="contained" onClick={save} disabled={busy}>
          {translate(busy ? 'console.common.saving' : 'console.surcharge.save')}
        </Button>
      </Box>
    </SettingsCard>
  );
}
