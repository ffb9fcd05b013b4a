/** Request and response shapes of a merchant's team and its invitations (team.ts, docs/auth.md). */
import { z } from '@hono/zod-openapi';
import { MEMBER_ROLES } from '../auth/access.ts';
import { Email, NewPassword, Token } from '../auth/schema.ts';

export const MemberRole = z
  .enum(MEMBER_ROLES, { error: `Role must be one of: ${MEMBER_ROLES.join(', ')}` })
  .openapi({ description: 'owner: everything; staff: payments and refunds; developer: keys and webhooks' });

export const TeamMemberSchema = z
  .object({ user_id: z.string(), email: z.string(), role: MemberRole, created_at: z.string() })
  .openapi('TeamMember');

export const RemovedMember = z
  .object({
    webhook_endpoints: z
      .array(z.object({ id: z.string(), url: z.string(), description: z.string().nullable() }))
      .openapi({ description: 'The webhook endpoints the removed member made: they keep receiving events' }),
  })
  .openapi('RemovedMember');

export const InvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: MemberRole,
    expires_at: z.string(),
    created_at: z.string(),
    expired: z.boolean(),
  })
  .openapi('Invitation');

export const InviteBody = z.object({ email: Email, role: MemberRole }).openapi('InviteRequest');
export const RoleBody = z.object({ role: MemberRole }).openapi('RoleChange');

export const MemberParams = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: 'id', in: 'path' } }),
  userId: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: 'userId', in: 'path' } }),
});
export const InvitationParams = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: 'id', in: 'path' } }),
  invitationId: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: 'invitationId', in: 'path' } }),
});

export const InvitationTokenBody = z.object({ token: Token }).openapi('InvitationToken');
export const AcceptInvitationBody = z
  .object({ token: Token, password: NewPassword.optional() })
  .openapi('AcceptInvitation');

export const InvitationPreviewSchema = z
  .object({
    merchant_name: z.string(),
    email: z.string(),
    role: MemberRole,
    expires_at: z.string(),
    account_exists: z.boolean(),
  })
  .openapi('InvitationPreview');

export const AcceptedInvitationSchema = z
  .object({ merchant_id: z.string(), role: MemberRole, email: z.string(), account_created: z.boolean() })
  .openapi('AcceptedInvitation');
