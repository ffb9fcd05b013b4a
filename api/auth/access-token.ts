/**
 * Short-lived access tokens: HS256 JWTs signed with JWT_SECRET (jose). Verification pins the
 * algorithm (so `alg: none` and RS/HS confusion are refused), the issuer and audience, and checks
 * `exp`/`nbf` against the injected clock so tests can move time. Each token carries its user's session
 * version (`sv`): sign-out, a password reset, a detected refresh-token theft and a role change bump
 * the user's, and the guard refuses a token whose version is not the current one — so a token dies
 * with its session, not 15 minutes later.
 */
import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from '../context.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'invoicepay';
const AUDIENCE = 'invoicepay-api';
const ALGORITHMS = ['HS256'];

const keys = new Map<string, Uint8Array>();
function keyFor(secret: string | null): Uint8Array {
  // A missing secret is a deployment error (main.ts resolves one); never sign with an empty key.
  if (!secret || secret.length < 32) throw new Error('JWT_SECRET is not configured');
  let key = keys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keys.set(secret, key);
  }
  return key;
}

export async function signAccessToken(
  secret: string | null,
  userId: string,
  clock: Clock,
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
  sessionVersion = 0,
): Promise<string> {
  const now = Math.floor(clock.now().getTime() / 1000);
  return new SignJWT({ typ: 'access', sv: sessionVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + ttlSeconds)
    .setJti(crypto.randomUUID())
    .sign(keyFor(secret));
}

export interface AccessClaims {
  userId: string;
  /** The user's session version when the token was issued. */
  sessionVersion: number;
}

/** Who the token names and its session version, or null for any invalid, expired or foreign token. */
export async function verifyAccessToken(
  secret: string | null,
  token: string,
  clock: Clock,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), {
      algorithms: ALGORITHMS,
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: clock.now(),
      requiredClaims: ['sub', 'exp', 'nbf', 'iat'],
    });
    if (payload.typ !== 'access' || typeof payload.sub !== 'string') return null;
    const sv = payload.sv ?? 0;
    if (!Number.isSafeInteger(sv)) return null;
    return { userId: payload.sub, sessionVersion: sv as number };
  } catch (err) {
    if (err instanceof Error && err.message === 'JWT_SECRET is not configured') throw err;
    return null;
  }
}
