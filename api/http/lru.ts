/**
 * A least-recently-used map bounded by entry count and by total weight (e.g. bytes). A value heavier
 * than a quarter of the weight budget is never kept, so one large value cannot flush the rest.
 *
 * @example const files = new WeightedLru<Buffer>({ maxEntries: 500, maxWeight: 32 << 20, weigh: (b) => b.length });
 */
export class WeightedLru<V> {
  readonly #map = new Map<string, { value: V; weight: number }>();
  readonly #maxEntries: number;
  readonly #maxWeight: number;
  readonly #weigh: (value: V, key: string) => number;
  #weight = 0;

  constructor(options: { maxEntries: number; maxWeight: number; weigh: (value: V, key: string) => number }) {
    this.#maxEntries = options.maxEntries;
    this.#maxWeight = options.maxWeight;
    this.#weigh = options.weigh;
  }

  get size(): number {
    return this.#map.size;
  }

  /** Total weight held. */
  get weight(): number {
    return this.#weight;
  }

  get(key: string): V | undefined {
    const hit = this.#map.get(key);
    if (!hit) return undefined;
    this.#map.delete(key); // re-inserted as the most recently used
    this.#map.set(key, hit);
    return hit.value;
  }

  /** Keep `value` (evicting the least recently used as needed); false when it is too heavy to keep. */
  set(key: string, value: V): boolean {
    this.delete(key);
    const weight = this.#weigh(value, key);
    if (weight > this.#maxWeight / 4) return false;
    while (this.#map.size >= this.#maxEntries || this.#weight + weight > this.#maxWeight) {
      const oldest = this.#map.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
    this.#map.set(key, { value, weight });
    this.#weight += weight;
    return true;
  }

  delete(key: string): void {
    const hit = this.#map.get(key);
    if (!hit) return;
    this.#map.delete(key);
    this.#weight -= hit.weight;
  }
}
