/** A webhook receiver's URL as an admin or integrator typed it: trimmed, and refused (400 on `field`) when the SSRF guard refuses it. */
import type { AppDeps } from '../context.ts';
import { AppError } from '../errors.ts';
import { assertOutboundUrlAllowed, OutboundUrlError, outboundPolicyOf } from '../net/ssrf.ts';

export async function receiverUrl(deps: AppDeps, url: string, field: string): Promise<string> {
  const trimmed = url.trim();
  try {
    await assertOutboundUrlAllowed(trimmed, outboundPolicyOf(deps));
  } catch (err) {
    if (err instanceof OutboundUrlError)
      throw new AppError('validation_failed', err.message, { field, cause: err });
    throw err;
  }
  return trimmed;
}
