/**
 * Payment method domains, as Stripe keeps them per connected account: registering a domain name
 * (once per account; registering it again returns it), its Apple Pay / Google Pay status, and
 * validating it again. The sandbox checks what it can offline: a well-formed public host name.
 * Wallets themselves never run in the sandbox, but the registration an admin sees is real.
 */
import { invalid, seconds, type SandboxContext } from './context.ts';
import type { DomainRow } from './tables.ts';
import { paymentMethodDomainJson } from './objects.ts';
import { newId } from './ids.ts';

const HOST = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Why wallets cannot work on this host name, or null. */
export function domainProblem(domain: string): string | null {
  if (!HOST.test(domain)) return `"${domain}" is not a public domain name that wallets can be offered on.`;
  return null;
}

function statuses(domain: string) {
  const problem = domainProblem(domain);
  const status = problem ? ('inactive' as const) : ('active' as const);
  return { apple_pay_status: status, google_pay_status: status, error_message: problem };
}

export async function registerDomain(ctx: SandboxContext, domain: string, account: string) {
  const name = domain.trim().toLowerCase();
  if (!name || name.length > 253 || /[\s/:]/.test(name))
    throw invalid(`Invalid domain_name: '${domain}'`, { param: 'domain_name' });
  return ctx.db.transaction().execute(async (trx) => {
    const row: DomainRow = {
      id: newId('pmd'),
      account_id: account,
      domain_name: name,
      enabled: 1,
      ...statuses(name),
      created: seconds(ctx.clock),
    };
    await trx
      .insertInto('sandbox_payment_method_domains')
      .values(row)
      .onConflict((oc) => oc.columns(['account_id', 'domain_name']).doUpdateSet({ enabled: 1 }))
      .execute();
    const stored = await trx
      .selectFrom('sandbox_payment_method_domains')
      .selectAll()
      .where('account_id', '=', account)
      .where('domain_name', '=', name)
      .executeTakeFirstOrThrow();
    return paymentMethodDomainJson(stored);
  });
}

export async function validateDomain(ctx: SandboxContext, id: string, account: string) {
  const row = await ctx.db
    .selectFrom('sandbox_payment_method_domains')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || row.account_id !== account)
    throw invalid(`No such payment_method_domain: '${id}'`, { code: 'resource_missing', status: 404 });
  const next = { ...row, ...statuses(row.domain_name) };
  await ctx.db.updateTable('sandbox_payment_method_domains').set(next).where('id', '=', id).execute();
  return paymentMethodDomainJson(next);
}
