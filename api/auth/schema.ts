/**
 * Request and response shapes of /api/auth (zod, so the OpenAPI document is generated). Validation
 * messages are the spec's ('Passwords don't match', 'Password must be at least 6 characters').
 */
import { ProofOfWork } from '../rate-limit/proof-of-work-schema.ts';
import { FIELD_MESSAGES } from '../../core/messages.ts';
import { z } from '@hono/zod-openapi';
import { EMAIL_PATTERN } from '../../core/email.ts';
import { MAX_PASSWORD_LENGTH } from './password.ts';
import { MEMBER_ROLES } from '../../core/roles.ts';

export const PASSWORDS_DONT_MATCH = FIELD_MESSAGES.passwordsDontMatch;
export const PASSWORD_TOO_SHORT = FIELD_MESSAGES.passwordTooShort;

export const Email = z
  .string({ error: FIELD_MESSAGES.emailRequired })
  .trim()
  .min(1, FIELD_MESSAGES.emailRequired)
  .max(254, FIELD_MESSAGES.emailInvalid)
  .regex(EMAIL_PATTERN, FIELD_MESSAGES.emailInvalid)
  .openapi({ example: 'ann@acme.example' });

export const NewPassword = z
  .string({ error: FIELD_MESSAGES.passwordRequired })
  .min(6, PASSWORD_TOO_SHORT)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`);

export const Token = z.string({ error: 'Token is required' }).trim().min(1, 'Token is required').max(200);

function passwordsMatch(v: { password: string; confirmPassword?: string }) {
  return v.confirmPassword === undefined || v.confirmPassword === v.password;
}

export const SignupBody = z
  .object({ email: Email, password: NewPassword, confirmPassword: z.string().optional() })
  .refine(passwordsMatch, { message: PASSWORDS_DONT_MATCH, path: ['confirmPassword'] })
  .openapi('SignupRequest');

export const LoginBody = z
  .object({
    email: Email,
    password: z
      .string({ error: FIELD_MESSAGES.passwordRequired })
      .min(1, FIELD_MESSAGES.passwordRequired)
      .max(MAX_PASSWORD_LENGTH, 'Invalid login credentials'),
    proofOfWork: ProofOfWork.optional().openapi({
      description: 'After many failed sign-ins to the account: the solved `challenge` of the 428 answer',
    }),
  })
  .openapi('LoginRequest');

export const TokenBody = z.object({ token: Token }).openapi('AccountTokenRequest');
export const EmailBody = z.object({ email: Email }).openapi('EmailRequest');

export const ResetPasswordBody = z
  .object({ token: Token, password: NewPassword, confirmPassword: z.string().optional() })
  .refine(passwordsMatch, { message: PASSWORDS_DONT_MATCH, path: ['confirmPassword'] })
  .openapi('ResetPasswordRequest');

export const User = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(['user', 'admin']),
    emailVerified: z.boolean(),
    isAdmin: z.boolean(),
    lastSignInAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('User');

/** `/api/auth/me`: the user and the merchants they belong to, with their role (docs/auth.md). */
export const Me = User.extend({
  memberships: z.array(
    z.object({
      merchant_id: z.string(),
      merchant_name: z.string(),
      role: z.enum(MEMBER_ROLES),
      merchant_status: z.string(),
      owners: z.array(z.string()).openapi({
        description: "The merchant's owners' email addresses: whom to ask for what the role cannot do",
      }),
    }),
  ),
}).openapi('Me');

export const Session = z
  .object({
    accessToken: z.string(),
    tokenType: z.literal('Bearer'),
    expiresIn: z.number().int().openapi({ description: 'Seconds until the access token expires' }),
    user: User,
  })
  .openapi('Session');

export const Message = z.object({ message: z.string() }).openapi('Message');
