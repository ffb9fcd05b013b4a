/**
 * The email address rule every form and route shares: loose on purpose (something@something.tld),
 * but never whitespace, control characters (a NUL once made an address look identical to the
 * admin's) or invisible format characters (zero-width spaces, bidirectional overrides) that make
 * two different addresses look alike.
 *
 * @example EMAIL_PATTERN.test('ann@acme.example') // true
 * @example EMAIL_PATTERN.test('admin@acme.example\u0000x') // false
 */
export const EMAIL_PATTERN = /^[^\s@\p{Cc}\p{Cf}]+@[^\s@\p{Cc}\p{Cf}]+\.[^\s@\p{Cc}\p{Cf}]+$/u;
