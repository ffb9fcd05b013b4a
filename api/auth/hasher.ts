/** The password hasher for an app: the injected one (tests), else one shared OWASP-cost hasher. */
import type { AppDeps } from '../context.ts';
import type { PasswordHashing } from '../ports/password-hashing.ts';
import { PasswordHasher } from './password.ts';

let owasp: PasswordHasher | null = null;

export function hasherFor(deps: Pick<AppDeps, 'passwordHasher'>): PasswordHashing {
  if (deps.passwordHasher) return deps.passwordHasher;
  owasp ??= new PasswordHasher();
  return owasp;
}
