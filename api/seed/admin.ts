/**
 * Demo seed step: an admin, `admin@invoicepay.local`, with a random password printed once at the
 * first `npm start` (lost it? `npm run admin:create -- --email admin@invoicepay.local --password …`).
 * Never a fixed password: a demo left reachable must not open with a known login.
 */
import { randomBytes } from 'node:crypto';
import type { SeedStep } from './step.ts';
import { createOrPromoteAdmin } from '../auth/service.ts';
import { findUserByEmail } from '../auth/users.ts';

export const DEMO_ADMIN_EMAIL = 'admin@invoicepay.local';

export const adminSeedStep: SeedStep = {
  name: 'admin-user',
  async run(deps) {
    if (await findUserByEmail(deps.database.db, DEMO_ADMIN_EMAIL)) return [];
    const password = randomBytes(12).toString('base64url');
    await createOrPromoteAdmin(deps, { email: DEMO_ADMIN_EMAIL, password, via: 'demo_seed' });
    return [
      `Admin:     ${DEMO_ADMIN_EMAIL} / ${password}  (sign in at ${deps.config.publicBaseUrl}/admin/login; shown once)`,
    ];
  },
  async announce() {
    return [
      `Admin:     ${DEMO_ADMIN_EMAIL} (password shown at the first start; reset it with npm run admin:create -- --email ${DEMO_ADMIN_EMAIL} --password NEW)`,
    ];
  },
};
