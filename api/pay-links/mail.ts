/**
 * A pay link sent to the customer's email (issue 50 item 5): who asks for how much on which invoice,
 * and the short link. Made from the console with a customer email (unless unticked); the integrator
 * API sends it only when asked (`send_email: true`): an integrator may mail its own. A mail that does
 * not go is logged and said in the answer (`emailed_to: null`); the link stands either way.
 */
import { formatMoney } from '../../core/money.ts';
import type { AppDeps } from '../context.ts';
import type { PayLink } from '../db/types.ts';
import { composeMail } from '../mail/compose.ts';
import { payLinkUrls } from './service.ts';

/** Mail the link to its customer email; the address mailed, or null (none, or it did not go). */
export async function mailPayLink(
  deps: AppDeps,
  link: PayLink,
  merchantName: string,
): Promise<string | null> {
  const to = link.customer_email;
  if (!to) return null;
  const amount = formatMoney(link.amount, link.currency);
  const expiry = link.expires_at
    ? `The link works until ${new Date(link.expires_at).toUTCString().replace(/ GMT$/, ' UTC')}.`
    : '';
  try {
    await deps.mailer.send(
      composeMail({
        to,
        kind: 'pay_link',
        subject: `${merchantName}: invoice ${link.invoice_number}, ${amount} to pay`,
        lines: [
          `${merchantName} asks you to pay invoice ${link.invoice_number}: ${amount}.`,
          'Pay it by card (or from your bank account, where offered) with the link below. You can pay all of it or part, on one or several cards.',
          ...(link.reference ? [`Reference: ${link.reference}`] : []),
          ...(expiry ? [expiry] : []),
          `If you did not expect this, contact ${merchantName} before paying.`,
        ],
        link: { url: payLinkUrls(deps, link).short_url, label: `Pay invoice ${link.invoice_number}` },
      }),
    );
    return to;
  } catch (err) {
    deps.logger.warn({ payLinkId: link.id, err: (err as Error).message }, 'pay link mail not sent');
    return null;
  }
}
