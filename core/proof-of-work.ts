/**
 * The proof-of-work challenge past a card-testing ceiling (api/payments/create/challenge.ts issues and
 * checks it): its shapes, and solving it — find the number whose SHA-256 of salt + number is the
 * challenge, by trying 0, 1, 2, … up to `maxnumber` (Web Crypto, in browsers and Node alike; about
 * maxnumber / 2 hashes on average). The widget solves with it; so do the tests.
 */
export interface Challenge {
  algorithm: 'SHA-256';
  challenge: string;
  salt: string;
  maxnumber: number;
  signature: string;
}

export interface Solution {
  algorithm: string;
  challenge: string;
  salt: string;
  number: number;
  signature: string;
}

const hex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

/** The solution, or null when no number up to `maxnumber` fits (a challenge not made for us). */
export async function solveChallenge(c: Challenge): Promise<Solution | null> {
  const encoder = new TextEncoder();
  const target = c.challenge.toLowerCase();
  for (let n = 0; n <= c.maxnumber; n++) {
    const digest = await crypto.subtle.digest('SHA-256', encoder.encode(`${c.salt}${n}`));
    if (hex(digest) === target)
      return {
        algorithm: c.algorithm,
        challenge: c.challenge,
        salt: c.salt,
        number: n,
        signature: c.signature,
      };
  }
  return null;
}
