/**
 * Cross-process cache invalidation on PostgreSQL (LISTEN/NOTIFY). A process that changed something
 * others may hold in a cache (a merchant's settings behind the pay page) publishes a topic after its
 * commit; every other process on the same database and schema hears it within milliseconds and drops
 * what it cached. One dedicated connection per process listens, opened on the first subscription;
 * when it drops it reconnects (back-off to 30 s) and then tells every subscriber, since notifications
 * sent meanwhile were lost. A process does not hear its own notifications (it invalidated already).
 *
 * SQLite has no bus: it is the one-process set-up (`changeStamp` covers its other writers).
 */
import pg from 'pg';
import type { Logger } from '../logger.ts';

export interface ChangeBus {
  /** Tell the other processes that `topic` changed (call after the commit). */
  publish(topic: string): Promise<void>;
  /** Run `listener` when another process publishes `topic`, or when notices may have been lost. */
  subscribe(topic: string, listener: () => void): () => void;
  close(): Promise<void>;
}

const MAX_BACKOFF_MS = 30_000;
/** The listening connection's `application_name` (pg_stat_activity shows it). */
export const LISTENER_NAME = 'invoicepay-change-bus';

export class PostgresChangeBus implements ChangeBus {
  readonly #url: string;
  readonly #query: (text: string, values: unknown[]) => Promise<unknown>;
  readonly #origin = crypto.randomUUID();
  readonly #listeners = new Map<string, Set<() => void>>();
  #channel: Promise<string> | null = null;
  #client: pg.Client | null = null;
  #connecting: Promise<void> | null = null;
  #backoff = 500;
  #retry: NodeJS.Timeout | null = null;
  #closed = false;
  logger: Pick<Logger, 'warn'> | null = null;

  /** `query` runs a statement on the application's pool (publishing needs no connection of its own). */
  constructor(url: string, query: (text: string, values: unknown[]) => Promise<unknown>) {
    this.#url = url;
    this.#query = query;
  }

  /** One channel per database schema (test schemas share a database; production uses `public`). */
  #channelName(): Promise<string> {
    this.#channel ??= (
      this.#query('SELECT current_schema() AS schema', []) as Promise<{ rows: { schema: string }[] }>
    )
      .then(({ rows }) => `invoicepay_changes_${rows[0].schema.replace(/[^a-z0-9_]/gi, '_')}`.slice(0, 63))
      .catch((err) => {
        this.#channel = null;
        throw err;
      });
    return this.#channel;
  }

  async publish(topic: string): Promise<void> {
    if (this.#closed) return;
    await this.#query('SELECT pg_notify($1, $2)', [await this.#channelName(), `${this.#origin} ${topic}`]);
  }

  subscribe(topic: string, listener: () => void): () => void {
    let set = this.#listeners.get(topic);
    if (!set) this.#listeners.set(topic, (set = new Set()));
    set.add(listener);
    void this.#listen();
    return () => set.delete(listener);
  }

  /** Resolves once this process listens (tests wait for it before publishing from another). */
  listening(): Promise<void> {
    return this.#listen();
  }

  #listen(): Promise<void> {
    if (this.#closed || this.#client) return Promise.resolve();
    this.#connecting ??= this.#connect().finally(() => (this.#connecting = null));
    return this.#connecting;
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.#url, application_name: LISTENER_NAME });
    const lost = (err?: Error) => {
      if (this.#client !== client) return;
      this.#client = null;
      client.removeAllListeners();
      client.on('error', () => {}); // a late error of the dead connection is not fatal
      client.end().catch(() => {});
      if (this.#closed) return;
      this.logger?.warn({ err: err?.message }, 'change notifications lost; reconnecting');
      this.#schedule();
    };
    try {
      client.on('error', lost);
      client.on('end', () => lost());
      await client.connect();
      await client.query(`LISTEN "${await this.#channelName()}"`);
      if (this.#closed) return void (await client.end());
      const reconnected = this.#backoff > 500;
      this.#client = client;
      this.#backoff = 500;
      client.on('notification', (n) => this.#deliver(n.payload ?? ''));
      if (reconnected) this.#everything(); // notices sent while we were away are lost
    } catch (err) {
      client.removeAllListeners();
      client.on('error', () => {});
      client.end().catch(() => {});
      if (this.#closed) return;
      this.logger?.warn({ err: (err as Error).message }, 'could not listen for change notifications');
      this.#schedule();
    }
  }

  #schedule() {
    if (this.#retry || this.#closed) return;
    const wait = this.#backoff;
    this.#backoff = Math.min(this.#backoff * 2, MAX_BACKOFF_MS);
    this.#retry = setTimeout(() => {
      this.#retry = null;
      void this.#listen();
    }, wait);
    this.#retry.unref();
  }

  #deliver(payload: string) {
    const space = payload.indexOf(' ');
    if (space < 0 || payload.slice(0, space) === this.#origin) return;
    for (const listener of this.#listeners.get(payload.slice(space + 1)) ?? []) listener();
  }

  #everything() {
    for (const set of this.#listeners.values()) for (const listener of set) listener();
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retry) clearTimeout(this.#retry);
    await this.#connecting?.catch(() => {});
    const client = this.#client;
    this.#client = null;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
}
