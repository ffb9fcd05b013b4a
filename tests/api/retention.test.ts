/**
 * Retention (issue 48): tokens, invitations and OAuth states are deleted RETENTION_TOKEN_DAYS after
 * they were used, revoked or expired; idempotency records RETENTION_IDEMPOTENCY_DAYS after they were
 * made; mail records RETENTION_EMAIL_DAYS after. What is still live, or younger, stays; payments and
 * the audit log are never touched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../../api/retention.ts';
import { createUser } from '../support/auth.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { createConnectedMerchant } from './support/payments.ts';

const skip = await skipPostgres();
const DAY = 86_400_000;

describe.skipIf(skip)(`retention (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('deletes what is past its retention and keeps everything else', async () => {
    const db = t.deps.database.db;
    const now = t.clock.now();
    const ago = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
    const ahead = (days: number) => new Date(now.getTime() + days * DAY).toISOString();
    const user = await createUser(t);
    const merchant = await createConnectedMerchant(t);
    const id = () => crypto.randomUUID();

    const token = (tag: string, expires: string, used: string | null) => ({
      id: `${tag}-${id()}`,
      user_id: user.id,
      purpose: 'reset_password' as const,
      token_hash: id(),
      expires_at: expires,
      used_at: used,
      created_at: ago(60),
    });
    await db
      .insertInto('account_tokens')
      .values([
        token('old-expired', ago(31), null),
        token('old-used', ahead(1), ago(31)),
        token('recent-expired', ago(5), null),
        token('live', ahead(1), null),
      ])
      .execute();
    const refresh = (tag: string, expires: string, revoked: string | null) => ({
      id: `${tag}-${id()}`,
      user_id: user.id,
      family_id: id(),
      token_hash: id(),
      expires_at: expires,
      revoked_at: revoked,
      created_at: ago(60),
    });
    await db
      .insertInto('refresh_tokens')
      .values([
        refresh('old-expired', ago(40), null),
        refresh('old-revoked', ahead(5), ago(31)),
        refresh('live', ahead(5), null),
      ])
      .execute();
    const invitation = (
      tag: string,
      fields: { expires_at: string; accepted_at?: string; revoked_at?: string },
    ) => ({
      id: `${tag}-${id()}`,
      merchant_id: merchant.id,
      email: `${tag}@example.test`,
      role: 'staff' as const,
      token_hash: id(),
      created_at: ago(60),
      ...fields,
    });
    await db
      .insertInto('merchant_invitations')
      .values([
        invitation('old-accepted', { expires_at: ahead(3), accepted_at: ago(45) }),
        invitation('old-expired', { expires_at: ago(31) }),
        invitation('pending', { expires_at: ahead(3) }),
      ])
      .execute();
    await db
      .insertInto('oauth_states')
      .values([
        {
          nonce: `old-${id()}`,
          merchant_id: merchant.id,
          purpose: 'xero',
          expires_at: ago(31),
          created_at: ago(31),
        },
        {
          nonce: `live-${id()}`,
          merchant_id: merchant.id,
          purpose: 'xero',
          expires_at: ahead(1),
          created_at: ago(0),
        },
      ])
      .execute();
    await db
      .insertInto('idempotency_keys')
      .values([
        { scope: 'retention', idem_key: 'old', request_hash: 'x', created_at: ago(31) },
        { scope: 'retention', idem_key: 'recent', request_hash: 'x', created_at: ago(2) },
      ])
      .execute();
    const mail = (tag: string, created: string) => ({
      id: `${tag}-${id()}`,
      to_address: `${tag}@example.test`,
      subject: 'Hi',
      text_body: 'Reset: http://127.0.0.1/reset?token=abc',
      kind: 'reset_password',
      created_at: created,
    });
    await db
      .insertInto('emails')
      .values([mail('old', ago(91)), mail('recent', ago(10))])
      .execute();
    const audits = (await db.selectFrom('audit_log').select('id').execute()).length;

    const result = await purgeExpired(db, t.deps.config.retention, now);
    expect(result).toEqual({
      accountTokens: 2,
      refreshTokens: 2,
      invitations: 2,
      oauthStates: 1,
      idempotencyKeys: 1,
      emails: 1,
    });
    const left = async (table: 'account_tokens' | 'refresh_tokens' | 'merchant_invitations' | 'emails') =>
      (await db.selectFrom(table).select('id').execute()).map((r) => r.id.split('-')[0]).sort();
    expect(await left('account_tokens')).toEqual(['live', 'recent']);
    expect(await left('refresh_tokens')).toEqual(['live']);
    expect(await left('merchant_invitations')).toEqual(['pending']);
    expect(
      (
        await db.selectFrom('idempotency_keys').select('idem_key').where('scope', '=', 'retention').execute()
      ).map((r) => r.idem_key),
    ).toEqual(['recent']);
    expect(
      (
        await db
          .selectFrom('emails')
          .select('to_address')
          .where('to_address', 'like', '%@example.test')
          .execute()
      ).map((r) => r.to_address),
    ).toEqual(['recent@example.test']);
    expect((await db.selectFrom('audit_log').select('id').execute()).length).toBe(audits);
    // Nothing left to purge the second time.
    expect(Object.values(await purgeExpired(db, t.deps.config.retention, now)).every((n) => n === 0)).toBe(
      true,
    );
  });
});
