/**
 * Every in-memory cache of the server, in one place: one registry per process, kept on
 * `globalThis` like the store, because Next loads a module once per bundle (pages, route handlers,
 * instrumentation): a module-level `Map` would be kept, and filled, once per bundle. Each cache is
 * an `lru-cache` bounded by bytes or entries (one eviction policy), and `/api/health` lists them all.
 *
 * `weak` maps hold what is derived of one model object (a run, a scenario state) and goes with it.
 */
import "server-only";
import { LRUCache } from "lru-cache";

export interface CacheStat {
  name: string;
  entries: number;
  /** Bytes held, for caches bounded by size (`null`: bounded by entries). */
  bytes: number | null;
  /** The bound: bytes for a sized cache, entries otherwise. */
  max: number;
}

export type LruOptions<V> =
  /** Bounded by total size: `sizeOf` says what an entry costs, in bytes (at least 1). */
  | { maxBytes: number; sizeOf: (value: V, key: string) => number; maxEntryBytes?: number }
  /** Bounded by the number of entries. */
  | { maxEntries: number };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one registry holds caches of every value type
type AnyLru = LRUCache<string, any>;

export class ProcessCaches {
  readonly #lru = new Map<string, AnyLru>();
  readonly #weak = new Map<string, WeakMap<object, unknown>>();

  /** The cache of this name, made on first use with these options (later options are ignored). */
  lru<V extends NonNullable<unknown>>(name: string, options: LruOptions<V>): LRUCache<string, V> {
    let cache = this.#lru.get(name);
    if (!cache) {
      cache =
        "maxBytes" in options
          ? new LRUCache<string, V>({
              maxSize: options.maxBytes,
              // One huge entry must not evict everything else: past this it is not kept at all.
              maxEntrySize: options.maxEntryBytes ?? Math.floor(options.maxBytes / 4),
              sizeCalculation: (value, key) => Math.max(1, Math.ceil(options.sizeOf(value, key))),
            })
          : new LRUCache<string, V>({ max: options.maxEntries });
      this.#lru.set(name, cache);
    }
    return cache as LRUCache<string, V>;
  }

  /** A process-wide WeakMap of this name: values derived of an object live as long as it does. */
  weak<K extends object, V>(name: string): WeakMap<K, V> {
    let map = this.#weak.get(name);
    if (!map) {
      map = new WeakMap();
      this.#weak.set(name, map);
    }
    return map as WeakMap<K, V>;
  }

  stats(): CacheStat[] {
    return [...this.#lru].map(([name, c]) => ({
      name,
      entries: c.size,
      bytes: c.maxSize > 0 ? c.calculatedSize : null,
      max: c.maxSize > 0 ? c.maxSize : c.max,
    }));
  }

  /** Empties every cache (tests). */
  clear(): void {
    for (const c of this.#lru.values()) c.clear();
    this.#weak.clear();
  }
}

const KEY = Symbol.for("voice-eval-dashboard.caches");
type Holder = { [KEY]?: ProcessCaches };

export function processCaches(): ProcessCaches {
  const holder = globalThis as Holder;
  return (holder[KEY] ??= new ProcessCaches());
}
