/**
 * The sandbox's object ids, Stripe-looking (`pi_3Qx…`): random throughout for secrets, tokens and
 * codes (`newId`), time first for the objects each payment makes (`newObjectId`).
 */
import { randomFillSync } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

// Random bytes drawn 4 KiB at a time: a payment makes several ids, and one call per id costs more.
const pool = Buffer.alloc(4096);
let used = pool.length;

/** Stripe-looking random id: `pi_3Qx…` (24 characters after the prefix unless told). */
export function newId(prefix: string, length = 24): string {
  return `${prefix}_${randomChars(length)}`;
}

function randomChars(length: number): string {
  if (used + length > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[pool[used + i] % ALPHABET.length];
  used += length;
  return out;
}

/** Base 62 in ASCII order, so that ids compare as their times do. */
const SORTED_DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 62⁸ ms is some 6,900 years: eight digits hold any time. */
const TIME_DIGITS = 8;

/**
 * A Stripe-looking id for an object the sandbox makes with each payment (an intent, its charge, its
 * events, a refund): the time in milliseconds first, in eight base-62 digits, then random
 * characters (16 by default: some 95 bits). Made in time order, the tables keyed by them — the
 * sandbox's intents and events, our unique index of payments by intent — grow at their right edge,
 * so one commit writes one page of each instead of a page for each row (random ids: on the payment
 * benchmark some 5 % of the server's event loop per payment, in writes of the log). Never for a
 * secret, a token or a code: those stay `newId`, random throughout.
 */
export function newObjectId(prefix: string, length = 24, nowMs = Date.now()): string {
  let time = '';
  for (let i = 0, t = nowMs; i < TIME_DIGITS; i++, t = Math.floor(t / 62))
    time = SORTED_DIGITS[t % 62] + time;
  return `${prefix}_${time}${randomChars(length - TIME_DIGITS)}`;
}
