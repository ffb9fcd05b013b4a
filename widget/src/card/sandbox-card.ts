/**
 * The sandbox's test card form is a chunk of its own (a Stripe-mode page never needs it), fetched
 * as soon as a pay session says sandbox mode and before the form is shown (flow/usePaySession.ts):
 * the form then appears in one piece, without a layout shift on the merchant's page. The hosted
 * pay page preloads the chunk (api/http/pay-page.ts).
 */
import type { SandboxCard as Card } from './SandboxCard.tsx';

let loaded: typeof Card | null = null;
let loading: Promise<typeof Card> | null = null;

/** The form, once `loadSandboxCard` has brought it; null before. */
export const sandboxCard = (): typeof Card | null => loaded;

/** Fetch the form (once; a failed fetch is tried again on the next call). */
export function loadSandboxCard(): Promise<typeof Card> {
  loading ??= import('./SandboxCard.tsx').then(
    (m) => (loaded = m.SandboxCard),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/**
 * What a pay session's provider needs before its form is shown: the sandbox's card form. Nothing
 * for Stripe mode, nor for an answer without a provider (a mangled one: the form's render then
 * fails into the error boundary, as it would have).
 */
export function cardFormReady(mode: string | undefined): Promise<unknown> | null {
  return mode !== 'sandbox' || loaded ? null : loadSandboxCard();
}
