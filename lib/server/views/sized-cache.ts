/**
 * A small LRU cache bounded by total size, for parsed scenario files: a scenario with a
 * multi-megabyte agent context is read and parsed once, then served from memory while its files
 * keep the same signature (sizes and modification times).
 */
import "server-only";

export class SizedCache<T> {
  private readonly entries = new Map<string, { signature: string; value: T; size: number }>();
  private total = 0;

  constructor(private readonly maxSize: number) {}

  get(key: string, signature: string): T | null {
    const hit = this.entries.get(key);
    if (!hit || hit.signature !== signature) return null;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  set(key: string, signature: string, value: T, size: number): void {
    const old = this.entries.get(key);
    if (old) {
      this.total -= old.size;
      this.entries.delete(key);
    }
    // One huge entry must not evict everything else.
    if (size > this.maxSize / 4) return;
    this.entries.set(key, { signature, value, size });
    this.total += size;
    while (this.total > this.maxSize) {
      const [oldest, entry] = this.entries.entries().next().value as [string, { size: number }];
      this.entries.delete(oldest);
      this.total -= entry.size;
    }
  }
}
