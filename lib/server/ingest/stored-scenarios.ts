/**
 * A run's scenarios as a restart finds them in the snapshot, every file as it was read: the reads
 * stay encoded until something needs a record. Decoding a 2,000-scenario run costs about 15 ms of
 * the main thread, and a restart of 100,000 scenarios has no use for most runs' records until a page
 * asks (the runs list has its saved items, audits and counts need only names and signatures).
 */
import "server-only";
import { decodeBucket } from "./bucket-codec";
import type { ScenarioRead } from "./read-scenario";
import type { StoredBucket } from "./snapshot";

export interface StoredScenarios {
  /** In listing order. */
  readonly names: readonly string[];
  readonly signatures: ReadonlyMap<string, string>;
  /** The reads, decoded; `null` when a bucket does not decode (the run model then reads them again). */
  decode(): ReadonlyMap<string, ScenarioRead> | null;
}

/** `names`: the run's scenario folders in listing order, exactly the names the buckets hold. */
export function storedScenarios(names: readonly string[], buckets: readonly StoredBucket[]): StoredScenarios {
  const signatures = new Map<string, string>();
  for (const bucket of buckets) bucket.names.forEach((name, i) => signatures.set(name, bucket.signatures[i] as string));
  return {
    names,
    signatures,
    decode() {
      const reads = new Map<string, ScenarioRead>();
      for (const bucket of buckets) {
        const entries = decodeBucket(bucket);
        if (!entries) return null;
        for (const [name, read] of entries) reads.set(name, read);
      }
      return reads;
    },
  };
}
