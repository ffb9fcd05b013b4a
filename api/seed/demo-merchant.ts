/**
 * Demo seed step: a merchant, 'Demo Building Supplies', connected to a sandbox account that can
 * take charges, and a ready-to-pay link for one of its invoices.
 */
import { randomBytes } from 'node:crypto';
import type { SeedStep } from './step.ts';
import { setStripeAccount } from '../merchants/rows.ts';
import { createMerchant } from '../merchants/service.ts';

export const DEMO_MERCHANT_NAME = 'Demo Building Supplies';

export const demoMerchantSeedStep: SeedStep = {
  name: 'demo-merchant',
  async run(deps) {
    const merchant = await createMerchant(
      deps,
      {
        business_name: DEMO_MERCHANT_NAME,
        name: 'Dana Demo',
        email: 'accounts@demo-building.example',
        phone: null,
        description: 'Timber, steel and fixings (demo merchant)',
        logo_url: null,
        brand_color: null,
      },
      { user: null, ip: null },
    );
    if (deps.payments.mode === 'sandbox') {
      // The sandbox treats an account id it has not seen as an existing, fully onboarded test account.
      const account = `acct_demo${randomBytes(6).toString('hex')}`;
      await setStripeAccount(
        deps.database.db,
        merchant.id,
        {
          stripe_account_id: account,
          stripe_charges_enabled: 1,
          stripe_onboarding_complete: 1,
          stripe_connect_status: 'active',
        },
        deps.clock.now().toISOString(),
      );
    }
    return demoLines(deps, merchant.id);
  },
  async announce(deps) {
    const merchant = await deps.database.db
      .selectFrom('merchants')
      .select('id')
      .where('business_name', '=', DEMO_MERCHANT_NAME)
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .executeTakeFirst();
    return merchant ? demoLines(deps, merchant.id) : [];
  },
};

function demoLines(deps: Parameters<SeedStep['run']>[0], merchantId: string): string[] {
  const lines = [`Demo merchant: ${DEMO_MERCHANT_NAME} (${merchantId})`];
  if (deps.payments.mode === 'sandbox') {
    lines.push(
      `Pay link:  ${deps.config.publicBaseUrl}/pay/${merchantId}?INVOICENUMBER=INV-1001&AMOUNTDUE=1250.00&CURRENCY=AUD`,
      '           (sandbox: pay with 4242 4242 4242 4242, any future expiry, any CVC)',
    );
  }
  return lines;
}
