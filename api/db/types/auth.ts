/** Kysely table types (api/db/types.ts): Accounts: users, refresh tokens, one-time account tokens, captured emails. */
import type { Generated } from 'kysely';
import type { Timestamp } from './columns.ts';
import type { MemberRole } from '../../../core/roles.ts';

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  role: Generated<'user' | 'admin'>;
  email_verified_at: Timestamp | null;
  last_sign_in_at: Timestamp | null;
  failed_login_count: Generated<number>;
  locked_until: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** In every access token; bumped by sign-out, password reset, refresh-token theft, role change. */
  session_version: Generated<number>;
}

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  family_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

export interface AccountTokensTable {
  id: string;
  user_id: string;
  purpose: 'verify_email' | 'reset_password';
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface EmailsTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  kind: string;
  status: Generated<'captured' | 'sent' | 'failed'>;
  error: string | null;
  created_at: Timestamp;
}

/** A member's role in one merchant (core/roles.ts, docs/auth.md). */
export type { MemberRole } from '../../../core/roles.ts';

/** Who may sign in to which merchant's part of the console (migration 068). */
export interface MerchantMembersTable {
  merchant_id: string;
  user_id: string;
  role: MemberRole;
  invited_by: string | null;
  created_at: Timestamp;
}

/** An invitation to a merchant's team: signed, single-use, expiring (api/members). */
export interface MerchantInvitationsTable {
  id: string;
  merchant_id: string;
  email: string;
  role: MemberRole;
  token_hash: string;
  invited_by: string | null;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  accepted_by: string | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}
