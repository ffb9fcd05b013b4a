/** Kysely table types (api/db/types.ts): The platform: audit log, prospects, blog, app meta, migrations, rate limits, API keys, pay links. */
import type { Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

export interface AuditLogTable {
  id: string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: string | null;
  ip: string | null;
  created_at: Timestamp;
  /** Tie-breaker after created_at (migration 067, api/db/sequence.ts); 0 for older rows. */
  seq: Generated<number>;
  /** The merchant the entry concerns, if any (migration 068): its owners read it. */
  merchant_id: string | null;
}

export interface ProspectsTable {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  company_name: string;
  source: Generated<string>;
  status: Generated<string>;
  created_at: Timestamp;
}

export interface BlogsTable {
  id: string;
  title: string;
  slug: string;
  summary: string | null;
  content: string;
  author: string | null;
  image_url: string | null;
  tags: Generated<string>;
  status: Generated<'published' | 'draft'>;
  published_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface SchemaMigrationsTable {
  version: string;
  applied_at: Timestamp;
}

/** Abuse-limit counters shared by the processes of one PostgreSQL database (api/rate-limit/postgres-store.ts). */
export interface RateLimitCountersTable {
  key: string;
  hits: number;
  resets_at: Timestamp;
}

export interface ApiKeysTable {
  id: string;
  name: string;
  /** The key's first characters (`ip_test_a1b2c3`), to recognise it in lists. */
  prefix: string;
  /** SHA-256 (hex) of the whole key: the key itself is never stored. */
  key_hash: string;
  mode: 'live' | 'test';
  /** null: every merchant. */
  merchant_id: string | null;
  permission: 'read' | 'write';
  expires_at: Timestamp | null;
  revoked_at: Timestamp | null;
  revoked_by: string | null;
  created_by: string | null;
  created_by_email: string | null;
  last_used_at: Timestamp | null;
  last_used_ip: string | null;
  created_at: Timestamp;
}

export interface PayLinksTable {
  id: string;
  merchant_id: string;
  invoice_id: string;
  observation_id: string;
  invoice_number: string;
  currency: string;
  amount: number;
  /** S when the link was made: its observation's S_i (DESIGN §3.3). */
  written_back_at_creation: number;
  reference: string | null;
  customer_email: string | null;
  short_code: string;
  expires_at: Timestamp | null;
  canceled_at: Timestamp | null;
  created_by: string | null;
  created_at: Timestamp;
  /** The integrator's metadata, a JSON object of strings (core/metadata.ts; migration 070). */
  metadata: string | null;
  /** Tie-breaker after created_at (migration 073, api/db/sequence.ts); 0 for older rows. */
  seq: Generated<number>;
}

/** A released widget build (migration 080): its manifest, kept after later builds replace dist/widget. */
export interface WidgetReleasesTable {
  version: string;
  /** What the release's bytes hash to (scripts/widget-release.ts): one release per distinct build. */
  content_hash: string;
  /** manifest.json of the release, as JSON text. */
  manifest: string;
  published_at: Timestamp;
}

/** One released widget file, by its content-addressed name (shared by the releases that list it). */
export interface WidgetReleaseFilesTable {
  name: string;
  body: Buffer;
  gz: Buffer | null;
  br: Buffer | null;
  sha256: string;
  created_at: Timestamp;
}
