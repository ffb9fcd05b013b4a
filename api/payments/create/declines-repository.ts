/**
 * The card-testing counters' queries (api/payments/create/declines.ts): declines per key in a fixed window
 * with their blocks, the blocks running now, and the load of a session and an address — declines
 * plus attempts still waiting for the provider — read in one statement under the address's lock.
 */
import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';
import type { DeclineCountersTable } from '../../db/types.ts';

type DeclineScope = DeclineCountersTable['scope'];

/**
 * Count one decline against a key in one statement, so concurrent declines (any process) each count
 * once: a counter whose window started before `windowFloor` starts again at 1; reaching `limit`
 * blocks the key until `blockUntil`.
 */
export async function countDeclineAgainst(
  trx: DbOrTrx,
  c: {
    scope: DeclineScope;
    key: string;
    now: string;
    windowFloor: string;
    blockUntil: string;
    limit: number;
  },
): Promise<void> {
  const fresh = sql<boolean>`decline_counters.window_start < ${c.windowFloor}`;
  const count = sql<number>`CASE WHEN ${fresh} THEN 1 ELSE decline_counters.declines + 1 END`;
  await trx
    .insertInto('decline_counters')
    .values({
      scope: c.scope,
      scope_key: c.key,
      window_start: c.now,
      declines: 1,
      last_decline_at: c.now,
      blocked_until: c.limit <= 1 ? c.blockUntil : null,
    })
    .onConflict((oc) =>
      oc.columns(['scope', 'scope_key']).doUpdateSet({
        window_start: sql`CASE WHEN ${fresh} THEN ${c.now} ELSE decline_counters.window_start END`,
        declines: count,
        last_decline_at: c.now,
        blocked_until: sql`CASE WHEN ${count} >= ${c.limit} THEN ${c.blockUntil} ELSE decline_counters.blocked_until END`,
      }),
    )
    .execute();
}

/** The blocks still running at `now` on any of these keys. */
export async function declineBlocks(
  db: DbOrTrx,
  keys: Array<[DeclineScope, string]>,
  now: string,
): Promise<Array<{ scope: DeclineScope; blocked_until: string | null; declines: number }>> {
  return db
    .selectFrom('decline_counters')
    .select(['scope', 'blocked_until', 'declines'])
    .where('blocked_until', '>', now)
    .where((eb) =>
      eb.or(keys.map(([scope, key]) => eb.and([eb('scope', '=', scope), eb('scope_key', '=', key)]))),
    )
    .execute();
}

/** PostgreSQL: serialise the reserving transactions of one client address until commit. */
export async function lockAddressAttempts(trx: DbOrTrx, ip: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`attempts:${ip}`}))`.execute(trx);
}

/**
 * The declines in the window and the attempts still waiting for the provider of a pay session and a
 * client address, read in ONE statement: on PostgreSQL (read committed) two statements could see a
 * decline's transaction on one side only — its attempt no longer pending, its decline not yet
 * counted — and let one attempt too many through.
 */
export async function attemptLoad(
  trx: DbOrTrx,
  k: { sid: string | null; ip: string | null; windowFloor: string; now: string },
): Promise<{ session: number; address: number }> {
  const load = { session: 0, address: 0 };
  if (!k.sid && !k.ip) return load;
  // A key that is absent matches nothing ('' is never a session id or an address).
  const sid = k.sid ?? '';
  const ip = k.ip ?? '';
  const { rows } = await sql<{
    kind: 'counter' | 'pending';
    scope: string | null;
    declines: number | string | null;
    blocked_until: string | null;
    pay_session_id: string | null;
    client_ip: string | null;
  }>`
    select 'counter' as kind, scope, declines, blocked_until,
           cast(null as text) as pay_session_id, cast(null as text) as client_ip
      from decline_counters
     where window_start >= ${k.windowFloor}
       and ((scope = 'session' and scope_key = ${sid}) or (scope = 'address' and scope_key = ${ip}))
    union all
    select 'pending' as kind, cast(null as text), cast(null as bigint), cast(null as text),
           pay_session_id, client_ip
      from payments
     where status = 'pending' and (pay_session_id = ${sid} or client_ip = ${ip})
  `.execute(trx);
  for (const r of rows) {
    if (r.kind === 'pending') {
      if (k.sid && r.pay_session_id === k.sid) load.session++;
      if (k.ip && r.client_ip === k.ip) load.address++;
      continue;
    }
    if (r.scope !== 'session' && r.scope !== 'address') continue;
    // Blocked now (by a decline since the caller's first look): over the limit. A block already
    // served leaves the count behind it.
    if (r.blocked_until === null) load[r.scope] += Number(r.declines);
    else if (r.blocked_until > k.now) load[r.scope] = Number.POSITIVE_INFINITY;
  }
  return load;
}
