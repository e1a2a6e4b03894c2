/**
 * An unchanged bucket's signatures go to the main thread in the order of the names it asked for (the
 * main thread pairs them with its own listing): as stored when the listing kept its order, and
 * reordered with the names when it did not.
 */
import { describe, expect, it } from "vitest";
import { encodeBucket } from "@/lib/server/ingest/bucket-codec";
import { loadShard, signaturesInOrder, splitList, writeShard, type LoadedBucket } from "@/lib/server/ingest/snapshot";
import { tempDir } from "../../helpers/run-builder";

describe("an unchanged bucket's signatures", () => {
  it("follow the asked names' order", async () => {
    const dir = await tempDir("ved-shard-");
    const key = { runDir: "/results/run", buckets: 1, bucket: 0 };
    const names = ["a", "b", "c"];
    const signatures = names.map((n, i) => `metrics.json:${i + 1}@${1000 + i}`);
    writeShard(dir, key, { ...encodeBucket(names.map((n, i) => [n, { kind: "unfinished", problems: [], signature: signatures[i] as string }])), names, signatures });
    const loaded = loadShard(dir, key) as LoadedBucket;
    expect(loaded.names).toEqual(names);
    expect(signaturesInOrder(loaded, names)).toBe(signatures.join("\0"));
    const moved = ["c", "a", "b"];
    expect(splitList(signaturesInOrder(loaded, moved))).toEqual(moved.map((n) => signatures[names.indexOf(n)]));
  });
});
