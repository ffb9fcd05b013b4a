/**
 * Merchant Details' setup checklist (issue 50 item 3), for the merchant's owners and admins until
 * every step is done: connect Stripe, choose the surcharge (the 2.95 % default offered as a choice,
 * kept with one click), share a pay link or the embed code, connect the accounting tool, invite the
 * team. Each step is ticked from the server's reading of the real state
 * (`GET /api/admin/merchants/{id}/setup`) and leads to the card that does it, on its tab.
 */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Box, Button, Card, CardContent, LinearProgress, Link, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useDataQuery } from '../data/useAction.ts';
import type { Merchant } from '../shared/types.ts';
import { useMerchantSave } from './SettingsCard.tsx';
import { merchantTabPath, type MerchantTab } from './merchant-tabs.ts';

type Step = 'stripe' | 'surcharge' | 'share' | 'accounting' | 'team';

/** Each step's words and the card (heading id) that does it. */
const STEPS: Record<Step, { title: string; text: string; target: string; tab: MerchantTab; go: string }> = {
  stripe: {
    title: 'console.setup.stripe.title',
    text: 'console.setup.stripe.text',
    target: 'stripe-title',
    tab: 'setup',
    go: 'console.setup.stripe.go',
  },
  surcharge: {
    title: 'console.setup.surcharge.title',
    text: 'console.setup.surcharge.text',
    target: 'surcharge-title',
    tab: 'payments',
    go: 'console.setup.surcharge.go',
  },
  share: {
    title: 'console.setup.share.title',
    text: 'console.setup.share.text',
    target: 'embed-title',
    tab: 'setup',
    go: 'console.setup.share.go',
  },
  accounting: {
    title: 'console.setup.accounting.title',
    text: 'console.setup.accounting.text',
    target: 'accounting-title',
    tab: 'accounting',
    go: 'console.setup.accounting.go',
  },
  team: {
    title: 'console.setup.team.title',
    text: 'console.setup.team.text',
    target: 'team-title',
    tab: 'team',
    go: 'console.setup.team.go',
  },
};

/** Bring the card that does a step into view and move focus to its heading, once its tab shows it. */
function focusWhenShown(target: string, tries = 40) {
  const heading = document.getElementById(target);
  if (!heading) {
    if (tries > 0) setTimeout(() => focusWhenShown(target, tries - 1), 50);
    return;
  }
  heading.scrollIntoView({ behavior: 'smooth', block: 'start' });
  heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

export function SetupChecklist({ merchant }: { merchant: Merchant }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const goTo = (step: { target: string; tab: MerchantTab }) => {
    navigate(merchantTabPath(merchant.id, step.tab));
    focusWhenShown(step.target);
  };
  // Read again after any change to the merchant, and every little while: a step done in another card
  // (an invitation, a connection) or elsewhere (a payment) ticks without a reload.
  const setup = useDataQuery(
    ['merchants', merchant.id, 'setup', merchant.last_updated],
    (dp) => dp.getMerchantSetup({ id: merchant.id }),
    { refetchInterval: (query) => (query.state.data?.complete ? false : 5000) },
  );
  const keep = useMerchantSave(merchant, 'console.setup.surcharge.kept');
  const state = setup.data;
  if (!state || state.complete) return null;
  const done = state.steps.filter((s) => s.done).length;
  const percent = merchant.surcharge_enabled ? merchant.surcharge_percentage : 0;
  return (
    <Card component="section" aria-labelledby="setup-title" data-testid="setup-checklist">
      <CardContent>
        <Typography id="setup-title" variant="h6" component="h2">
          {translate('console.setup.title', { name: merchant.business_name })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('console.setup.progress', { done, total: state.steps.length })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={(done / state.steps.length) * 100}
          aria-label={translate('console.setup.progress', { done, total: state.steps.length })}
          sx={{ mb: 2 }}
        />
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {state.steps.map(({ key, done: ticked }) => {
            const step = STEPS[key];
            return (
              <Box
                component="li"
                key={key}
                data-testid={`setup-${key}`}
                data-done={ticked}
                sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}
              >
                {ticked ? (
                  <CheckCircleIcon color="success" titleAccess={translate('console.setup.done')} />
                ) : (
                  <RadioButtonUncheckedIcon color="disabled" titleAccess={translate('console.setup.to_do')} />
                )}
                <Box sx={{ minWidth: 0 }}>
                  <Typography
                    variant="subtitle2"
                    component="p"
                    sx={ticked ? { textDecoration: 'line-through', color: 'text.secondary' } : undefined}
                  >
                    {translate(step.title)}
                  </Typography>
                  {ticked ? null : (
                    <>
                      <Typography variant="body2" color="text.secondary">
                        {translate(step.text, { percent })}
                      </Typography>
                      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
                        {key === 'surcharge' ? (
                          <Button
                            size="small"
                            variant="contained"
                            disabled={keep.busy}
                            onClick={() =>
                              keep.save({
                                surcharge_enabled: merchant.surcharge_enabled,
                                surcharge_percentage: merchant.surcharge_percentage,
                              })
                            }
                          >
                            {translate(
                              merchant.surcharge_enabled
                                ? 'console.setup.surcharge.keep'
                                : 'console.setup.surcharge.keep_none',
                              { percent },
                            )}
                          </Button>
                        ) : null}
                        <Button size="small" onClick={() => goTo(step)}>
                          {translate(step.go)}
                        </Button>
                        {key === 'share' ? (
                          <Link
                            component={RouterLink}
                            to="/pay-links"
                            variant="body2"
                            sx={{ alignSelf: 'center' }}
                          >
                            {translate('console.setup.share.pay_link')}
                          </Link>
                        ) : null}
                      </Box>
                      {key === 'surcharge' && keep.error ? (
                        <Typography variant="body2" color="error" role="alert">
                          {keep.error}
                        </Typography>
                      ) : null}
                    </>
                  )}
                </Box>
              </Box>
            );
          })}
        </Box>
      </CardContent>
    </Card>
  );
}
