/**
 * Password hashing as the app's dependencies carry it (`AppDeps.passwordHasher`): implemented by
 * api/auth/password.ts (scrypt at OWASP parameters; tests pass a cheaper one). A port, so the
 * dependencies name no domain module.
 */
export interface PasswordHashing {
  /** A self-describing hash of `password` (algorithm, parameters, salt, key). */
  hash(password: string): Promise<string>;
  /** Whether `password` matches a hash made by `hash` (false for anything malformed). */
  verify(password: string, stored: string): Promise<boolean>;
  /** Spend the time of a real check and answer false: for unknown emails (no timing oracle). */
  verifyDummy(password: string): Promise<false>;
  /** Whether a stored hash is weaker than what `hash` makes now (rehash at the next sign-in). */
  needsRehash(stored: string): boolean;
}
