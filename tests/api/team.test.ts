/**
 * Merchants' teams (issue 32, docs/auth.md): invitations by email (signed, single-use, 7 days),
 * accepting with a new or an existing account, the refusals that change nothing (expired, reused,
 * withdrawn, tampered, wrong account), the last owner, removal taking effect at once, a merchant
 * started by sign-up, and MERCHANT_SIGNUP=false.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRM_EMAIL_FIRST, ROLE_REFUSED_MESSAGE } from '../../api/auth/access.ts';
import { MERCHANT_SIGNUP_OFF, STATUS_ADMIN_ONLY } from '../../api/merchants/routes.ts';
import { INVITATION_MESSAGES, INVITATION_TTL_DAYS } from '../../api/merchants/team-invitations.ts';
import { LAST_OWNER_MESSAGE } from '../../api/merchants/team.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders, bearerFor, createUser, signIn } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { createConnectedMerchant } from './support/payments.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`merchant teams and invitations (${testDialect})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let merchantId: string;
  let owner: Record<string, string>;
  let ownerId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminHeaders(t);
    merchantId = (await createConnectedMerchant(t, { business_name: 'Hardwood Supplies' })).id;
    // The merchant's first owner, invited by an admin in one step with the merchant itself.
    const created = await json(
      t.app,
      'POST',
      '/api/admin/merchants',
      { business_name: 'Brick Yard', name: 'Bo Brick', email: 'bo@brick.test', owner_email: 'Bo@Brick.test' },
      admin,
    );
    expect(created.status).toBe(201);
    const [mail] = await mailTo('bo@brick.test');
    expect(mail.subject).toMatch(/invited you to Brick Yard/);
    const token = tokenOf(mail.text_body);
    const accepted = await json(t.app, 'POST', '/api/auth/invitations/accept', {
      token,
      password: 'bricks and mortar',
    });
    expect(accepted.body).toMatchObject({
      merchant_id: created.body.id,
      role: 'owner',
      account_created: true,
    });
    // And one for the merchant these tests use.
    const user = await createUser(t, { email: 'olive@hardwood.test' });
    ownerId = user.id;
    await t.deps.database.db
      .insertInto('merchant_members')
      .values({
        merchant_id: merchantId,
        user_id: user.id,
        role: 'owner',
        invited_by: null,
        created_at: t.clock.now().toISOString(),
      })
      .execute();
    owner = await bearerFor(t, user.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const mailTo = (to: string) =>
    t.deps.database.db
      .selectFrom('emails')
      .selectAll()
      .where('to_address', '=', to)
      .where('kind', '=', 'merchant_invitation')
      .orderBy('created_at', 'desc')
      .execute();
  const tokenOf = (text: string) => decodeURIComponent(/accept-invitation\?token=([^\s&]+)/.exec(text)![1]);

  async function invite(email: string, role: string, headers = owner) {
    const res = await json(
      t.app,
      'POST',
      `/api/admin/merchants/${merchantId}/invitations`,
      { email, role },
      headers,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [mail] = await mailTo(email);
    return { id: res.body.id as string, token: tokenOf(mail.text_body) };
  }
  const membersOf = async () =>
    (await json(t.app, 'GET', `/api/admin/merchants/${merchantId}/members`, undefined, owner)).body as Array<{
      email: string;
      role: string;
      user_id: string;
    }>;

  it('invites by email; accepting without an account creates one, signed in to only that merchant', async () => {
    const { token } = await invite('sam@hardwood.test', 'staff');
    const preview = await json(t.app, 'POST', '/api/auth/invitations/preview', { token });
    expect(preview.body).toMatchObject({
      merchant_name: 'Hardwood Supplies',
      email: 'sam@hardwood.test',
      role: 'staff',
      account_exists: false,
    });
    const noPassword = await json(t.app, 'POST', '/api/auth/invitations/accept', { token });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.error.message).toBe(INVITATION_MESSAGES.password);
    const accepted = await json(t.app, 'POST', '/api/auth/invitations/accept', {
      token,
      password: 'sawdust forever',
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({
      merchant_id: merchantId,
      role: 'staff',
      email: 'sam@hardwood.test',
      account_created: true,
    });

    const session = await signIn(t, 'sam@hardwood.test', 'sawdust forever');
    expect(session.status).toBe(200);
    const me = await json(t.app, 'GET', '/api/auth/me', undefined, session.bearer);
    expect(me.body.memberships).toEqual([
      {
        merchant_id: merchantId,
        merchant_name: 'Hardwood Supplies',
        role: 'staff',
        merchant_status: 'active',
        // Whom staff ask for what their role cannot do (issue 50 item 5).
        owners: ['olive@hardwood.test'],
      },
    ]);
    const merchants = await json(t.app, 'GET', '/api/admin/merchants', undefined, session.bearer);
    expect(merchants.body.map((m: { id: string }) => m.id)).toEqual([merchantId]);
    // Staff: payments yes, the team and keys no.
    expect((await json(t.app, 'GET', '/api/admin/payments', undefined, session.bearer)).status).toBe(200);
    const team = await json(
      t.app,
      'GET',
      `/api/admin/merchants/${merchantId}/members`,
      undefined,
      session.bearer,
    );
    expect(team.status).toBe(403);
    expect(team.body.error.message).toBe(ROLE_REFUSED_MESSAGE);
    // Used once.
    const again = await json(t.app, 'POST', '/api/auth/invitations/accept', {
      token,
      password: 'sawdust forever',
    });
    expect(again.status).toBe(410);
    expect(again.body.error.message).toBe(INVITATION_MESSAGES.used);
  });

  it('two acceptances of one link at once make one account and one member', async () => {
    const { token } = await invite('twice@hardwood.test', 'staff');
    const both = await Promise.all(
      [1, 2].map(() =>
        json(t.app, 'POST', '/api/auth/invitations/accept', { token, password: 'clicked twice' }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 410]);
    const users = await t.deps.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'twice@hardwood.test')
      .execute();
    expect(users).toHaveLength(1);
    expect((await membersOf()).filter((m) => m.email === 'twice@hardwood.test')).toHaveLength(1);
  });

  it('links an existing account only when signed in as the invited address', async () => {
    const dev = await createUser(t, { email: 'dev@agency.test', password: 'agency password' });
    const other = await createUser(t, { email: 'someone@else.test' });
    const { token } = await invite('dev@agency.test', 'developer');
    expect((await json(t.app, 'POST', '/api/auth/invitations/preview', { token })).body.account_exists).toBe(
      true,
    );

    const notSignedIn = await json(t.app, 'POST', '/api/auth/invitations/accept', {
      token,
      password: 'whatever123',
    });
    expect(notSignedIn.status).toBe(409);
    expect(notSignedIn.body.error.message).toBe(INVITATION_MESSAGES.signIn('dev@agency.test'));
    const wrong = await json(
      t.app,
      'POST',
      '/api/auth/invitations/accept',
      { token },
      await bearerFor(t, other.id),
    );
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.message).toBe(INVITATION_MESSAGES.wrongAccount('dev@agency.test'));
    expect((await membersOf()).map((m) => m.email)).not.toContain('someone@else.test');

    const ok = await json(
      t.app,
      'POST',
      '/api/auth/invitations/accept',
      { token },
      await bearerFor(t, dev.id),
    );
    expect(ok.body).toMatchObject({ role: 'developer', account_created: false });
    expect((await membersOf()).find((m) => m.email === 'dev@agency.test')?.role).toBe('developer');
  });

  it('refuses expired, withdrawn and tampered links, changing nothing', async () => {
    const expired = await invite('late@hardwood.test', 'staff');
    t.clock.advance(INVITATION_TTL_DAYS * 86_400_000 + 1);
    owner = await bearerFor(t, ownerId); // (the old access token expired meanwhile)
    const late = await json(t.app, 'POST', '/api/auth/invitations/accept', {
      token: expired.token,
      password: 'too late now',
    });
    expect(late.status).toBe(410);
    expect(late.body.error.message).toBe(INVITATION_MESSAGES.expired);
    const listed = (
      await json(t.app, 'GET', `/api/admin/merchants/${merchantId}/invitations`, undefined, owner)
    ).body;
    expect(listed.find((i: { id: string }) => i.id === expired.id)?.expired).toBe(true);

    const withdrawn = await invite('maybe@hardwood.test', 'staff');
    const del = await json(
      t.app,
      'DELETE',
      `/api/admin/merchants/${merchantId}/invitations/${withdrawn.id}`,
      undefined,
      owner,
    );
    expect(del.status).toBe(204);
    const res = await json(t.app, 'POST', '/api/auth/invitations/accept', {
      token: withdrawn.token,
      password: 'maybe not',
    });
    expect(res.status).toBe(410);
    expect(res.body.error.message).toBe(INVITATION_MESSAGES.revoked);

    const fresh = await invite('tamper@hardwood.test', 'owner');
    const tampered = fresh.token.slice(0, -2) + (fresh.token.endsWith('AA') ? 'BB' : 'AA');
    const bad = await json(t.app, 'POST', '/api/auth/invitations/accept', {
      token: tampered,
      password: 'tampering',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(INVITATION_MESSAGES.invalid);

    const emails = (await membersOf()).map((m) => m.email);
    for (const e of ['late@hardwood.test', 'maybe@hardwood.test', 'tamper@hardwood.test'])
      expect(emails).not.toContain(e);
    const users = await t.deps.database.db
      .selectFrom('users')
      .select('email')
      .where('email', 'in', ['late@hardwood.test', 'maybe@hardwood.test', 'tamper@hardwood.test'])
      .execute();
    expect(users).toEqual([]);
  });

  it('keeps the last owner, and a removed member loses access at once', async () => {
    const lastOwner = await json(
      t.app,
      'DELETE',
      `/api/admin/merchants/${merchantId}/members/${ownerId}`,
      undefined,
      owner,
    );
    expect(lastOwner.status).toBe(409);
    expect(lastOwner.body.error.message).toBe(LAST_OWNER_MESSAGE);
    const demote = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${merchantId}/members/${ownerId}`,
      { role: 'staff' },
      owner,
    );
    expect(demote.status).toBe(409);

    const sam = (await membersOf()).find((m) => m.email === 'sam@hardwood.test')!;
    const samAuth = await bearerFor(t, sam.user_id);
    expect((await json(t.app, 'GET', '/api/admin/payments', undefined, samAuth)).status).toBe(200);
    expect(
      (
        await json(
          t.app,
          'DELETE',
          `/api/admin/merchants/${merchantId}/members/${sam.user_id}`,
          undefined,
          owner,
        )
      ).status,
    ).toBe(200);
    // The same token, the next request: no merchant any more.
    expect((await json(t.app, 'GET', '/api/admin/payments', undefined, samAuth)).status).toBe(403);
    expect((await json(t.app, 'GET', `/api/admin/merchants/${merchantId}`, undefined, samAuth)).status).toBe(
      403,
    );

    const audit = await t.deps.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('merchant_id', '=', merchantId)
      .where('action', 'like', 'member.%')
      .orderBy('created_at')
      .orderBy('seq')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['member.invite', 'member.join', 'member.invite_revoke', 'member.remove']),
    );
    expect(audit.find((a) => a.action === 'member.remove')?.actor_id).toBe(ownerId);
  });

  it('two owners removing each other at once leave one owner', async () => {
    const m = await createConnectedMerchant(t, { business_name: 'Twin Owners' });
    const [a, b] = [await createUser(t), await createUser(t)];
    for (const u of [a, b])
      await t.deps.database.db
        .insertInto('merchant_members')
        .values({
          merchant_id: m.id,
          user_id: u.id,
          role: 'owner',
          invited_by: null,
          created_at: t.clock.now().toISOString(),
        })
        .execute();
    const [ra, rb] = await Promise.all([
      json(
        t.app,
        'DELETE',
        `/api/admin/merchants/${m.id}/members/${b.id}`,
        undefined,
        await bearerFor(t, a.id),
      ),
      json(
        t.app,
        'DELETE',
        `/api/admin/merchants/${m.id}/members/${a.id}`,
        undefined,
        await bearerFor(t, b.id),
      ),
    ]);
    // One wins; the other is refused: as the last owner (409), or — when the winner's removal came
    // first — because they are no longer a member at all (403).
    const statuses = [ra.status, rb.status].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const owners = await t.deps.database.db
      .selectFrom('merchant_members')
      .select('user_id')
      .where('merchant_id', '=', m.id)
      .execute();
    expect(owners).toHaveLength(1);
  });

  it('an owner updates the merchant but not its status, and cannot delete it', async () => {
    const put = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${merchantId}`,
      { phone: '02 9999 0000' },
      owner,
    );
    expect(put.status).toBe(200);
    const status = await json(
      t.app,
      'PUT',
      `/api/admin/merchants/${merchantId}`,
      { status: 'active' },
      owner,
    );
    expect(status.status).toBe(403);
    expect(status.body.error.message).toBe(STATUS_ADMIN_ONLY);
    expect((await json(t.app, 'DELETE', `/api/admin/merchants/${merchantId}`, undefined, owner)).status).toBe(
      403,
    );
  });

  it('a confirmed user starts a merchant of their own: pending, with them as owner', async () => {
    const user = await createUser(t, { email: 'new.trader@timber.test' });
    const auth = await bearerFor(t, user.id);
    const res = await json(
      t.app,
      'POST',
      '/api/admin/merchants',
      { business_name: 'New Timber', name: 'Nat', email: 'nat@timber.test' },
      auth,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.status).toBe('pending');
    expect(res.body.stripe_onboarding_complete).toBe(false);
    const me = await json(t.app, 'GET', '/api/auth/me', undefined, auth);
    expect(me.body.memberships).toEqual([
      {
        merchant_id: res.body.id,
        merchant_name: 'New Timber',
        role: 'owner',
        merchant_status: 'pending',
        owners: ['new.trader@timber.test'],
      },
    ]);
    const list = await json(t.app, 'GET', '/api/admin/merchants', undefined, auth);
    expect(list.body.map((m: { id: string }) => m.id)).toEqual([res.body.id]);
    // Someone else's merchant stays out of reach, as if it did not exist.
    expect((await json(t.app, 'GET', `/api/admin/merchants/${merchantId}`, undefined, auth)).status).toBe(
      404,
    );

    const unconfirmed = await createUser(t, { email: 'unconfirmed@timber.test', verified: false });
    const refused = await json(
      t.app,
      'POST',
      '/api/admin/merchants',
      { business_name: 'X', name: 'X', email: 'x@timber.test' },
      await bearerFor(t, unconfirmed.id),
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(CONFIRM_EMAIL_FIRST);
  });

  it('with MERCHANT_SIGNUP=false only invitations make members', async () => {
    const closed = await createTestApp({ env: { MERCHANT_SIGNUP: 'false' } });
    try {
      const user = await createUser(closed);
      const res = await json(
        closed.app,
        'POST',
        '/api/admin/merchants',
        { business_name: 'Y', name: 'Y', email: 'y@y.test' },
        await bearerFor(closed, user.id),
      );
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(MERCHANT_SIGNUP_OFF);
      expect(await closed.deps.database.db.selectFrom('merchants').select('id').execute()).toEqual([]);
    } finally {
      await closed.close();
    }
  });
});
