/**
 * `/api/admin/outbox`: the sync deliveries (simple-rest list and one job) and the manual retry,
 * which gives a job a fresh set of attempts and delivers it at once, answering with the outcome.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { audit } from '../audit/service.ts';
import type { AppDeps } from '../context.ts';
import { AppError } from '../errors.ts';
import { bearerSecurity as security, IdParam, jsonContent as json } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { defineList, ListQueryParams, listPage, listResponse } from '../http/simple-rest.ts';
import { actorOf } from '../audit/actor.ts';
import type { OutboxJob } from '../db/types.ts';
import { findJob } from './repository.ts';
import { ApiJob, toApiJob } from './schema.ts';
import type { OutboxHandlers } from './delivery.ts';
import { runJobNow } from './worker.ts';

export const JOB_NOT_FOUND = 'Sync job not found.';

const jobList = defineList({
  resource: 'outbox',
  sortable: {
    created_at: 'created_at',
    updated_at: 'updated_at',
    next_attempt_at: 'next_attempt_at',
    status: 'status',
    attempts: 'attempts',
  },
  defaultSort: ['created_at', 'DESC'],
  filters: {
    id: { column: 'id' },
    status: { column: 'status' },
    kind: { column: 'kind' },
    merchant_id: { column: 'merchant_id' },
    payment_id: { column: 'payment_id' },
    refund_id: { column: 'refund_id' },
  },
});

/** Give a job a fresh set of attempts and deliver it now. */
export async function retryJob(
  deps: AppDeps,
  handlers: OutboxHandlers,
  id: string,
  actor: ReturnType<typeof actorOf>,
): Promise<OutboxJob> {
  const db = deps.database.db;
  const job = await findJob(db, id);
  if (!job) throw new AppError('not_found', JOB_NOT_FOUND);
  const now = deps.clock.now().toISOString();
  if (job.status === 'delivered') throw new AppError('conflict', 'This sync job was delivered already.');
  if (job.status === 'processing' && job.locked_until && job.locked_until > now)
    throw new AppError('conflict', 'This sync job is being delivered right now.');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('outbox')
      .set({ status: 'pending', attempts: 0, next_attempt_at: now, updated_at: now })
      .where('id', '=', id)
      .execute();
    await audit(
      trx,
      {
        actor: actor.user,
        action: 'outbox.retry',
        targetType: 'outbox',
        targetId: id,
        details: { kind: job.kind, previousStatus: job.status, paymentId: job.payment_id },
        ip: actor.ip,
      },
      deps.clock,
    );
  });
  await runJobNow(deps, handlers, id);
  return (await findJob(db, id))!;
}

/** The routes, delivering through the owning domain's handlers (given by api/app.ts). */
export const outboxRoutes = (handlers: OutboxHandlers) =>
  createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/admin/outbox',
        tags: ['admin'],
        security,
        summary:
          'List accounting-sync deliveries (simple-rest; filter by payment_id, status, kind, merchant_id)',
        request: { query: ListQueryParams },
        responses: {
          200: listResponse(ApiJob, 'A page of jobs'),
          ...errorResponses(400, 401, 403),
        },
      }),
      async (c) => {
        const deps = c.get('deps');
        const rows = await listPage(c, jobList, deps.database.db.selectFrom('outbox').selectAll());
        return c.json(
          rows.map((j) => toApiJob(j, deps.config.outbox.maxAttempts)),
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/admin/outbox/{id}',
        tags: ['admin'],
        security,
        summary: 'One accounting-sync delivery',
        request: { params: IdParam },
        responses: { 200: json(ApiJob, 'The job'), ...errorResponses(401, 403, 404) },
      }),
      async (c) => {
        const deps = c.get('deps');
        const job = await findJob(deps.database.db, c.req.valid('param').id);
        if (!job) throw new AppError('not_found', JOB_NOT_FOUND);
        return c.json(toApiJob(job, deps.config.outbox.maxAttempts), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/admin/outbox/{id}/retry',
        tags: ['admin'],
        security,
        summary: 'Retry a delivery now (a failed one gets a fresh set of attempts); answers with the outcome',
        request: { params: IdParam },
        responses: { 200: json(ApiJob, 'The job after the attempt'), ...errorResponses(401, 403, 404, 409) },
      }),
      async (c) => {
        const deps = c.get('deps');
        const job = await retryJob(deps, handlers, c.req.valid('param').id, actorOf(c));
        return c.json(toApiJob(job, deps.config.outbox.maxAttempts), 200);
      },
    );
