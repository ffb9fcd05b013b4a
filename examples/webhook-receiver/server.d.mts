import type { Server } from 'node:http';

export function verifySignature(
  secret: string,
  header: string | string[] | undefined,
  rawBody: string,
  options?: { toleranceSeconds?: number; now?: number },
): { ok: true; timestamp: number } | { ok: false; reason: string };

export function createReceiver(options: {
  secret: string | undefined;
  onPayment?: (payload: any, meta: { idempotencyKey: string | string[] | null }) => void;
  now?: () => number;
  toleranceSeconds?: number;
}): Server;
