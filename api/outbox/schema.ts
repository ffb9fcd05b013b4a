/** The sync deliveries' API shape: a job with every field named (never the row itself). */
import { z } from '@hono/zod-openapi';
import { parseJsonOr } from '../../core/json.ts';
import type { OutboxJob } from '../db/types.ts';

const eventOf = (payload: unknown): string | null =>
  payload !== null && typeof payload === 'object' && 'event' in payload && typeof payload.event === 'string'
    ? payload.event
    : null;

export const ApiJob = z
  .object({
    id: z.string(),
    kind: z.enum(['automation_webhook', 'xero', 'quickbooks']),
    /** The event the job delivers (e.g. `payment.succeeded`), from its payload. */
    event: z.string().nullable(),
    merchant_id: z.string(),
    payment_id: z.string().nullable(),
    refund_id: z.string().nullable(),
    idempotency_key: z.string(),
    status: z.enum(['pending', 'processing', 'delivered', 'failed', 'canceled']),
    attempts: z.number().int(),
    max_attempts: z.number().int(),
    /** When the next attempt is due; null unless pending. */
    next_attempt_at: z.string().nullable(),
    locked_until: z.string().nullable(),
    last_error: z.string().nullable(),
    last_response_status: z.number().int().nullable(),
    delivered_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    payload: z.unknown(),
  })
  .openapi('OutboxJob');

/** A job as the API shows it: every field named (never the row itself). */
export function toApiJob(j: OutboxJob, maxAttempts: number): z.infer<typeof ApiJob> {
  const payload = parseJsonOr(j.payload, null); // stored by us; never malformed
  return {
    id: j.id,
    kind: j.kind,
    event: eventOf(payload),
    merchant_id: j.merchant_id,
    payment_id: j.payment_id,
    refund_id: j.refund_id,
    idempotency_key: j.idempotency_key,
    status: j.status,
    attempts: j.attempts,
    max_attempts: maxAttempts,
    next_attempt_at: j.status === 'pending' ? j.next_attempt_at : null,
    locked_until: j.locked_until,
    last_error: j.last_error,
    last_response_status: j.last_response_status,
    delivered_at: j.delivered_at,
    created_at: j.created_at,
    updated_at: j.updated_at,
    payload,
  };
}
