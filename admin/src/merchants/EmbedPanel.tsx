/**
 * Merchant Details → Embed: copy-ready codes for this merchant — the script tag, the pinned build
 * with Subresource Integrity (from the server's widget manifest, so never stale), React (JSX, TSX),
 * Vue, the WordPress shortcode and Custom HTML block, and the Xero / QuickBooks link, with the
 * invoice's amount or without it (a choice above them) — each with Copy ('Copied!' for 3 s and a toast
 * for 2 s, as the payment URL panel does). The codes name the server's public address.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useDataQuery } from '../data/useAction.ts';
import { copyText } from '../shared/clipboard.ts';
import type { Merchant } from '../shared/types.ts';
import { embedSnippets, type Snippet } from './embed-snippets.ts';
import { COPIED_INDICATOR_MS, COPY_TOAST_MS } from './PaymentUrlPanel.tsx';

function SnippetBlock({ snippet, version }: { snippet: Snippet; version: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const id = `embed-${snippet.kind}`;
  async function copy() {
    try {
      await copyText(snippet.code);
      setCopied(true);
      notify('console.embed.copied_toast', { type: 'success', autoHideDuration: COPY_TOAST_MS });
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    } catch {
      notify('console.embed.copy_failed', { type: 'error' });
    }
  }
  return (
    <Box component="section" aria-labelledby={`${id}-title`} sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={`${id}-title`} variant="subtitle2" component="h3">
          {translate(`console.embed.kinds.${snippet.kind}`)}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          onClick={copy}
          aria-live="polite"
          aria-label={`${translate(copied ? 'console.embed.copied' : 'console.embed.copy')}: ${translate(`console.embed.kinds.${snippet.kind}`)}`}
        >
          {translate(copied ? 'console.embed.copied' : 'console.embed.copy')}
        </Button>
      </Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {translate(`console.embed.hints.${snippet.kind}`, { version })}
      </Typography>
      {snippet.download ? (
        <Button size="small" href={snippet.download} download sx={{ mt: 0.5 }}>
          {translate(`console.embed.downloads.${snippet.kind}`)}
        </Button>
      ) : null}
      <Box
        component="pre"
        data-testid={id}
        tabIndex={0}
        aria-labelledby={`${id}-title`}
        sx={{
          m: 0,
          mt: 0.5,
          p: 1,
          overflowX: 'auto',
          fontSize: 12,
          bgcolor: 'action.hover',
          borderRadius: 1,
          whiteSpace: 'pre',
        }}
      >
        <code>{snippet.code}</code>
      </Box>
    </Box>
  );
}

export function EmbedPanel({ merchant }: { merchant: Merchant }) {
  const translate = useTranslate();
  const config = useDataQuery(['public-config'], (dp) => dp.getPublicConfig(), { staleTime: Infinity });
  const manifest = useDataQuery(['widget-manifest'], (dp) => dp.getWidgetManifest(), {
    staleTime: 60_000,
    retry: false,
  });
  const base = config.data?.publicBaseUrl ?? window.location.origin;
  const [fixedAmount, setFixedAmount] = useState(true);
  const snippets = embedSnippets(merchant, base, manifest.data ?? null, { fixedAmount });
  return (
    <Card component="section" aria-labelledby="embed-title">
      <CardContent>
        <Typography id="embed-title" variant="h6" component="h2" gutterBottom>
          {translate('console.embed.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('console.embed.intro', { base })}
        </Typography>
        {manifest.isPending ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('console.embed.loading')}
          </Typography>
        ) : null}
        {manifest.isError ? (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {translate('console.embed.manifest_failed')}
          </Alert>
        ) : null}
        <FormControl sx={{ mt: 1 }}>
          <FormLabel id="embed-amount-label">{translate('console.embed.amount_label')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="embed-amount-label"
            value={fixedAmount ? 'fixed' : 'typed'}
            onChange={(e) => setFixedAmount(e.target.value === 'fixed')}
          >
            <FormControlLabel
              value="fixed"
              control={<Radio />}
              label={translate('console.embed.amount_fixed')}
            />
            <FormControlLabel
              value="typed"
              control={<Radio />}
              label={translate('console.embed.amount_typed')}
            />
          </RadioGroup>
        </FormControl>
        {snippets.map((s) => (
          <SnippetBlock key={s.kind} snippet={s} version={manifest.data?.version ?? ''} />
        ))}
      </CardContent>
    </Card>
  );
}
