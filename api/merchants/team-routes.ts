/**
 * A merchant's team in the console (`/api/admin/merchants/{id}/members`, `…/invitations`: its owners
 * and admins) and the invitation link's two calls (`/api/auth/invitations/…`: whoever holds the link).
 * docs/auth.md has the roles table.
 */
import type { RateRule } from '../rate-limit/limiter.ts';
import { createRoute, z } from '@hono/zod-openapi';
import { authorizeMerchant } from '../auth/access.ts';
import { actorOf } from '../audit/actor.ts';
import { clientIp } from '../audit/client-ip.ts';
import { authenticate } from '../auth/guard.ts';
import { RATE_RULES } from '../auth/rate-rules.ts';
import { bearerSecurity as security, IdParam, jsonContent as json } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { enforceRateLimits } from '../rate-limit/enforce.ts';
import {
  AcceptedInvitationSchema,
  AcceptInvitationBody,
  InvitationParams,
  InvitationPreviewSchema,
  InvitationSchema,
  InvitationTokenBody,
  InviteBody,
  MemberParams,
  RemovedMember,
  RoleBody,
  TeamMemberSchema,
} from './team-schema.ts';
import * as team from './team.ts';
import * as invitations from './team-invitations.ts';
import { ADMIN_MERCHANT_NOT_FOUND } from './service.ts';

const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

/** Invitations a merchant sends, and one person sends, per hour (RATE_LIMITS). */
export const INVITES_PER_MERCHANT: RateRule = { name: 'invite:merchant', limit: 20, windowMs: 3_600_000 };
export const INVITES_PER_SENDER: RateRule = { name: 'invite:sender', limit: 10, windowMs: 3_600_000 };
export const teamRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/merchants/{id}/members',
      tags: ['admin'],
      security,
      'x-access': 'team.manage',
      summary: "The merchant's team",
      request: { params: IdParam },
      responses: { 200: json(z.array(TeamMemberSchema), 'Members'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      authorizeMerchant(c, 'team.manage', id, ADMIN_MERCHANT_NOT_FOUND);
      return c.json(await team.listMembers(c.get('deps'), id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/merchants/{id}/members/{userId}',
      tags: ['admin'],
      security,
      'x-access': 'team.manage',
      summary: "Change a member's role (the last owner stays an owner)",
      request: { params: MemberParams, ...body(RoleBody) },
      responses: { 200: json(TeamMemberSchema, 'The member'), ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (c) => {
      const { id, userId } = c.req.valid('param');
      authorizeMerchant(c, 'team.manage', id, ADMIN_MERCHANT_NOT_FOUND);
      const member = await team.changeRole(c.get('deps'), id, userId, c.req.valid('json').role, actorOf(c));
      return c.json(member, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/merchants/{id}/members/{userId}',
      tags: ['admin'],
      security,
      'x-access': 'team.manage',
      summary: 'Remove a member (not the last owner); they lose access at once',
      description:
        'Their open invitations and API keys are withdrawn with them (audited). The answer lists the webhook ' +
        'endpoints they made: those keep receiving the merchant’s events until an owner deletes them.',
      request: { params: MemberParams },
      responses: {
        200: json(RemovedMember, 'Removed; the webhook endpoints they made'),
        ...errorResponses(401, 403, 404, 409),
      },
    }),
    async (c) => {
      const { id, userId } = c.req.valid('param');
      authorizeMerchant(c, 'team.manage', id, ADMIN_MERCHANT_NOT_FOUND);
      return c.json(await team.removeMember(c.get('deps'), id, userId, actorOf(c)), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/merchants/{id}/invitations',
      tags: ['admin'],
      security,
      'x-access': 'team.manage',
      summary: 'Open invitations (not accepted or withdrawn)',
      request: { params: IdParam },
      responses: { 200: json(z.array(InvitationSchema), 'Invitations'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      authorizeMerchant(c, 'team.manage', id, ADMIN_MERCHANT_NOT_FOUND);
      return c.json(await invitations.listInvitations(c.get('deps'), id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/merchants/{id}/invitations',
      tags: ['admin'],
      security,
      'x-access': 'team.manage',
      summary: 'Invite someone by email (a single-use link, valid 7 days)',
      request: { params: IdParam, ...body(InviteBody) },
      responses: {
        201: json(InvitationSchema.omit({ created_at: true, expired: true }), 'Invited'),
        ...errorResponses(400, 401, 403, 404, 409, 429),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      authorizeMerchant(c, 'team.manage', id, ADMIN_MERCHANT_NOT_FOUND);
      // Each invitation mails someone the name of a merchant its sender chose: bounded per merchant
      // and per sender (issue 49 item 10), in every process together.
      await enforceRateLimits(c, [
        [INVITES_PER_MERCHANT, id],
        [INVITES_PER_SENDER, c.get('user')?.id ?? null],
      ]);
      return c.json(await invitations.inviteMember(c.get('deps'), id, c.req.valid('json'), actorOf(c)), 201);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/merchants/{id}/invitations/{invitationId}',
      tags: ['admin'],
      security,
      'x-access': 'team.manage',
      summary: 'Withdraw an invitation (its link stops working)',
      request: { params: InvitationParams },
      responses: { 204: { description: 'Withdrawn' }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const { id, invitationId } = c.req.valid('param');
      authorizeMerchant(c, 'team.manage', id, ADMIN_MERCHANT_NOT_FOUND);
      await invitations.revokeInvitation(c.get('deps'), id, invitationId, actorOf(c));
      return c.body(null, 204);
    },
  );

/** `/api/auth/invitations/…`: the link's holder sees what it offers, then accepts it. */
export const invitationRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/invitations/preview',
      tags: ['auth'],
      summary: 'What an invitation link offers (merchant, role, address, whether it has an account)',
      request: body(InvitationTokenBody),
      responses: { 200: json(InvitationPreviewSchema, 'The invitation'), ...errorResponses(400, 410, 429) },
    }),
    async (c) => {
      await enforceRateLimits(c, [[RATE_RULES.verifyIp, clientIp(c) ?? 'unknown']]);
      return c.json(await invitations.previewInvitation(c.get('deps'), c.req.valid('json').token), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/invitations/accept',
      tags: ['auth'],
      summary:
        'Accept an invitation: signed in as the invited address, or not signed in with a password for a new account',
      request: body(AcceptInvitationBody),
      responses: {
        200: json(AcceptedInvitationSchema, 'Now a member'),
        ...errorResponses(400, 403, 409, 410, 429),
      },
    }),
    async (c) => {
      await enforceRateLimits(c, [[RATE_RULES.verifyIp, clientIp(c) ?? 'unknown']]);
      const { token, password } = c.req.valid('json');
      const user = await authenticate(c);
      return c.json(
        await invitations.acceptInvitation(c.get('deps'), token, { user, password }, clientIp(c)),
        200,
      );
    },
  );
