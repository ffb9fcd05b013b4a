/**
 * Short-lived access tokens: HS256 JWTs signed with JWT_SECRET (jose). Verification pins the
 * algorithm (so `alg: none` and RS/HS confusion are refused), the issuer and audience, and checks
 * `exp`/`nbf` against the injected clock so tests can move time.
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
): Promise<string> {
  const now = Math.floor(clock.now().getTime() / 1000);
  return new SignJWT({ typ: 'access' })
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

/** The user id the token names, or null for any invalid, expired or foreign token. */
export async function verifyAccessToken(
  secret: string | null,
  token: string,
  clock: Clock,
): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), {
      algorithms: ALGORITHMS,
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: clock.now(),
      requiredClaims: ['sub', 'exp', 'nbf', 'iat'],
    });
    if (payload.typ !== 'access' || typeof payload.sub !== 'string') return null;
    return payload.sub;
  } catch (err) {
    if (err instanceof Error && err.message === 'JWT_SECRET is not configured') throw err;
    return null;
  }
}
