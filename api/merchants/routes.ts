/**
 * `/api/admin/merchants`: the console's simple-rest resource (list with sort/range/filter and
 * Content-Range, get, create, update, soft delete). Admins see every merchant; a member sees and
 * (as owner) updates their own; any signed-in user may start one (docs/auth.md).
 */
import { createRoute } from '@hono/zod-openapi';
import { actorOf } from '../audit/actor.ts';
import { bearerSecurity as security, IdParam, jsonContent as json } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { defineList, ListQueryParams, listPage, listResponse, inMerchants } from '../http/simple-rest.ts';
import { MerchantCreateBody, MerchantSchema, MerchantUpdateBody } from './schema.ts';
import {
  ADMIN_MERCHANT_NOT_FOUND,
  createMerchant,
  deleteMerchant,
  getMerchantOr404,
  toApiMerchant,
  updateMerchantDetails,
} from './service.ts';
import { activeMerchants, pendingMerchantsOwnedBy } from './repository.ts';
import { authorizeMerchant, isAdmin, merchantScope, SIGNED_IN } from '../auth/access.ts';
import { AppError } from '../errors.ts';
import { inviteMember } from './team-invitations.ts';

export const MERCHANT_SIGNUP_OFF =
  'Starting a merchant is by invitation on this platform. Ask the platform operator or a merchant owner to invite you.';
export const OWNER_EMAIL_ADMIN_ONLY = 'Only an admin can create a merchant for someone else.';
export const STATUS_ADMIN_ONLY = "Only the platform operator can change a merchant's status.";

const merchantList = defineList({
  resource: 'merchants',
  sortable: {
    id: 'id',
    business_name: 'business_name',
    name: 'name',
    email: 'email',
    status: 'status',
    created_at: 'created_at',
    last_updated: 'last_updated',
    stripe_onboarding_complete: 'stripe_onboarding_complete',
  },
  defaultSort: ['created_at', 'DESC'],
  filters: {
    q: { search: ['business_name', 'name', 'email'] },
    id: { column: 'id' },
    status: { column: 'status' },
    email: { column: 'email', op: 'like' },
    stripe_onboarding_complete: { column: 'stripe_onboarding_complete', type: 'flag' },
    created_at_gte: { column: 'created_at', op: 'gte' },
    created_at_lte: { column: 'created_at', op: 'lte' },
  },
});

/** How many merchants one person may have awaiting review at once. */
export const MAX_PENDING_OWN_MERCHANTS = 3;
export const TOO_MANY_PENDING = `You already have ${MAX_PENDING_OWN_MERCHANTS} merchants awaiting review. Finish setting one up, or wait until it is approved, before starting another.`;

export const merchantRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/merchants',
      tags: ['admin'],
      security,
      'x-access': 'merchant.read',
      summary: 'List merchants (simple-rest): every one for an admin, their own for a member',
      request: { query: ListQueryParams },
      responses: {
        200: listResponse(MerchantSchema, 'A page of merchants'),
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      const { database, config } = c.get('deps');
      const scope = merchantScope(c, 'merchant.read');
      const base = activeMerchants(database.db);
      const rows = await listPage(c, merchantList, inMerchants(base, 'merchants.id', scope));
      return c.json(
        rows.map((m) => toApiMerchant(m, config.publicBaseUrl)),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/merchants/{id}',
      tags: ['admin'],
      security,
      'x-access': 'merchant.read',
      summary: 'One merchant',
      request: { params: IdParam },
      responses: { 200: json(MerchantSchema, 'The merchant'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const deps = c.get('deps');
      authorizeMerchant(c, 'merchant.read', c.req.valid('param').id, ADMIN_MERCHANT_NOT_FOUND);
      const merchant = await getMerchantOr404(deps, c.req.valid('param').id);
      return c.json(toApiMerchant(merchant, deps.config.publicBaseUrl), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/merchants',
      tags: ['admin'],
      security,
      'x-access': SIGNED_IN,
      summary:
        'Create a merchant (defaults: surcharge 2.95 %, status active, payment URL). A signed-in user who is not an admin starts their own (MERCHANT_SIGNUP): pending, with them as its owner',
      request: { body: { content: { 'application/json': { schema: MerchantCreateBody } }, required: true } },
      responses: { 201: json(MerchantSchema, 'Created'), ...errorResponses(400, 401, 403, 409) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { owner_email: ownerEmail, ...input } = c.req.valid('json');
      const actor = actorOf(c);
      if (isAdmin(c)) {
        const merchant = await createMerchant(deps, input, actor);
        if (ownerEmail) await inviteMember(deps, merchant.id, { email: ownerEmail, role: 'owner' }, actor);
        return c.json(toApiMerchant(merchant, deps.config.publicBaseUrl), 201);
      }
      if (!deps.config.merchantSignup) throw new AppError('forbidden', MERCHANT_SIGNUP_OFF);
      if (ownerEmail) throw new AppError('forbidden', OWNER_EMAIL_ADMIN_ONLY, { field: 'owner_email' });
      // A few awaiting review at most (issue 49 item 10): one person cannot fill the review queue.
      const awaiting = await pendingMerchantsOwnedBy(deps.database.db, actor.user!.id);
      if (awaiting >= MAX_PENDING_OWN_MERCHANTS) throw new AppError('conflict', TOO_MANY_PENDING);
      // Started by its owner: pending until the platform or Stripe onboarding says otherwise.
      const merchant = await createMerchant(deps, { ...input, status: 'pending' }, actor, {
        userId: actor.user!.id,
      });
      return c.json(toApiMerchant(merchant, deps.config.publicBaseUrl), 201);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/merchants/{id}',
      tags: ['admin'],
      security,
      'x-access': 'merchant.update',
      summary: "Update a merchant (fields not sent stay as they are; its status is the platform's)",
      request: {
        params: IdParam,
        body: { content: { 'application/json': { schema: MerchantUpdateBody } }, required: true },
      },
      responses: { 200: json(MerchantSchema, 'Updated'), ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      authorizeMerchant(c, 'merchant.update', id, ADMIN_MERCHANT_NOT_FOUND);
      // Suspending or re-activating a merchant is the platform operator's call, not its owner's.
      if (input.status !== undefined && !isAdmin(c))
        throw new AppError('forbidden', STATUS_ADMIN_ONLY, { field: 'status' });
      const merchant = await updateMerchantDetails(deps, id, input, actorOf(c));
      return c.json(toApiMerchant(merchant, deps.config.publicBaseUrl), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/merchants/{id}',
      tags: ['admin'],
      security,
      summary: 'Delete a merchant (its payments are kept)',
      request: { params: IdParam },
      responses: { 200: json(MerchantSchema, 'The deleted merchant'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const merchant = await deleteMerchant(deps, c.req.valid('param').id, actorOf(c));
      return c.json(toApiMerchant(merchant, deps.config.publicBaseUrl), 200);
    },
  );
