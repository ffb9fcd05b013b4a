/**
 * The /connect/callback page's reading of Stripe's return URL and of the server's answer
 * (spec §4 "Connect callback", §5), and the sign-in `next` path it relies on.
 */
import { describe, expect, it } from 'vitest';
import {
  CONNECT_FAILED,
  NO_CODE,
  NO_STATE,
  NOT_ADMIN,
  SIGN_IN_REQUIRED,
  interpretCallbackResponse,
  readCallbackParams,
} from '../../site/src/features/connect-callback/connect-logic.ts';
import { runOnce, safeNextPath } from '../../site/src/shared/auth.ts';

describe('connect callback: the return URL', () => {
  it("uses the spec's messages for a missing code or state", () => {
    expect(readCallbackParams('')).toEqual({ ok: false, message: NO_CODE });
    expect(readCallbackParams('?code=ac_123')).toEqual({ ok: false, message: NO_STATE });
    expect(readCallbackParams('?code=ac_123&state=%20')).toEqual({ ok: false, message: NO_STATE });
  });

  it('accepts OAuth (code + state) and Account Links onboarding (state only) for the server to judge', () => {
    expect(readCallbackParams('?code=ac_1&state=n.s')).toEqual({ ok: true, code: 'ac_1', state: 'n.s' });
    expect(readCallbackParams('?state=n.s')).toEqual({ ok: true, code: null, state: 'n.s' });
  });

  it("shows Stripe's own error (a refused authorisation) instead of calling the server", () => {
    const r = readCallbackParams(
      '?error=access_denied&error_description=The+user+denied+your+request&state=n.s',
    );
    expect(r).toEqual({
      ok: false,
      message: 'Stripe did not connect the account: The user denied your request',
    });
  });
});

describe("connect callback: the server's answer", () => {
  it('200 with an account is success; 202 is pending with its message', () => {
    expect(
      interpretCallbackResponse(200, {
        status: 'connected',
        merchant_id: 'm1',
        account_id: 'acct_1',
        charges_enabled: false,
      }),
    ).toEqual({
      kind: 'success',
      merchantId: 'm1',
      accountId: 'acct_1',
      chargesEnabled: false,
    });
    // Back from onboarding before finishing it (cancelled, or the link expired): not "connected".
    expect(
      interpretCallbackResponse(200, {
        merchant_id: 'm1',
        account_id: 'acct_1',
        charges_enabled: false,
        onboarding_complete: false,
      }),
    ).toEqual({ kind: 'unfinished', merchantId: 'm1', accountId: 'acct_1' });
    expect(
      interpretCallbackResponse(202, { status: 'pending', merchant_id: 'm1', message: 'Later.' }),
    ).toEqual({
      kind: 'pending',
      merchantId: 'm1',
      message: 'Later.',
    });
  });

  it('401 asks to sign in, 403 says no admin access, 400/404 show the server message, anything else fails plainly', () => {
    expect(interpretCallbackResponse(401, null)).toEqual({
      kind: 'error',
      message: SIGN_IN_REQUIRED,
      signIn: true,
    });
    expect(interpretCallbackResponse(403, { error: { message: 'x' } })).toEqual({
      kind: 'error',
      message: NOT_ADMIN,
    });
    expect(
      interpretCallbackResponse(400, { error: { code: 'validation_failed', message: NO_CODE } }),
    ).toEqual({ kind: 'error', message: NO_CODE });
    expect(interpretCallbackResponse(500, { error: { message: 'Internal details' } })).toEqual({
      kind: 'error',
      message: CONNECT_FAILED,
    });
    expect(interpretCallbackResponse(200, {})).toEqual({ kind: 'error', message: CONNECT_FAILED });
  });
});

describe('sign-in next path', () => {
  it('keeps same-site paths and refuses anything that leaves the site', () => {
    expect(safeNextPath('/connect/callback?state=a.b&code=c')).toBe('/connect/callback?state=a.b&code=c');
    expect(safeNextPath(null)).toBe('/admin/dashboard');
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'admin',
    ]) {
      expect(safeNextPath(bad)).toBe('/admin/dashboard');
    }
  });

  it('runs a single-use action once per key', async () => {
    let calls = 0;
    const action = async () => ++calls;
    const [a, b] = await Promise.all([runOnce('k1', action), runOnce('k1', action)]);
    expect([a, b, calls]).toEqual([1, 1, 1]);
    expect(await runOnce('k2', action)).toBe(2);
  });
});
