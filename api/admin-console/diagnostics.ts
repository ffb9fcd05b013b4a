/**
 * The console's diagnostics (the spec's /debug and /test/supabase pages, admin-only per DESIGN §4b):
 * whether the database answers and how fast, its dialect, the payments mode, the API version, the
 * signed-in user, and up to five merchants (name, email, status, surcharge percentage).
 */
import { sql } from 'kysely';
import { percentageFromBps } from '../../core/money.ts';
import type { AppDeps, AuthUser } from '../context.ts';

export const DIAGNOSTIC_MERCHANTS = 5;

export async function diagnostics(deps: AppDeps, user: AuthUser | undefined, version: string) {
  const { database, config } = deps;
  const started = performance.now();
  let databaseStatus: { connected: boolean; latency_ms: number | null; error: string | null };
  let merchants: Array<{
    id: string;
    business_name: string;
    name: string;
    email: string;
    status: string;
    surcharge_percentage: number;
    surcharge_enabled: boolean;
  }> = [];
  try {
    await sql`select 1`.execute(database.db);
    databaseStatus = {
      connected: true,
      latency_ms: Math.round((performance.now() - started) * 10) / 10,
      error: null,
    };
    const rows = await database.db
      .selectFrom('merchants')
      .select(['id', 'business_name', 'name', 'email', 'status', 'surcharge_bps', 'surcharge_enabled'])
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(DIAGNOSTIC_MERCHANTS)
      .execute();
    merchants = rows.map((m) => ({
      id: m.id,
      business_name: m.business_name,
      name: m.name,
      email: m.email,
      status: m.status,
      surcharge_percentage: Number(percentageFromBps(m.surcharge_bps)),
      surcharge_enabled: m.surcharge_enabled === 1,
    }));
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message }, 'diagnostics: database check failed');
    // The message names the failure without the connection string (which may hold a password).
    databaseStatus = {
      connected: false,
      latency_ms: null,
      error: (err as Error).message.replace(/postgres(ql)?:\/\/\S+/g, '[database url]'),
    };
  }
  return {
    database: { ...databaseStatus, dialect: database.dialect },
    payments_provider: config.paymentsProvider,
    version,
    node_version: process.version,
    product_name: config.productName,
    public_base_url: config.publicBaseUrl,
    user: user ? { id: user.id, email: user.email, role: user.role, is_admin: user.isAdmin } : null,
    merchants,
    checked_at: deps.clock.now().toISOString(),
  };
}
