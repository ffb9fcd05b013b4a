/**
 * Who did it, for the audit log: the signed-in user (or none) and the address the request came
 * from. Every admin route hands one to the service it calls.
 */
import type { Context } from 'hono';
import type { AppEnv, AuthUser } from '../context.ts';
import { clientIp } from './client-ip.ts';

export interface Actor {
  user: AuthUser | null;
  ip: string | null;
}

export function actorOf(c: Context<AppEnv>): Actor {
  return { user: c.get('user') ?? null, ip: clientIp(c) };
}
