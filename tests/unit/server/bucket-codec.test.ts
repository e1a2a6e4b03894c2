/**
 * The bucket codec (lib/server/ingest/bucket-codec.ts): what crosses from a scan worker, and what the
 * snapshot stores, comes back exactly (NaN, ±Infinity, -0, undefined, key order), never builds an
 * object with a foreign prototype, and a damaged bucket is refused rather than half-read.
 */
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { decodeBucket, encodeBucket, type ReadEntry } from "@/lib/server/ingest/bucket-codec";

function completed(name: string, metrics: Record<string, unknown>, extra: Record<string, unknown> = {}): ReadEntry {
  return [name, { kind: "completed", record: { name, metrics, nlPassed: null, agentContextAssistantCount: null, ...extra }, problems: [], signature: `metrics.json:10@${name.length}`, searchText: null }] as unknown as ReadEntry;
}

const roundTrip = (entries: ReadEntry[]) => decodeBucket(encodeBucket(entries));

describe("bucket codec", () => {
  it("brings back every read exactly: numbers JSON cannot hold, booleans, nulls, undefined, arrays, key order", () => {
    const entries: ReadEntry[] = [
      completed("a__1", { judge_score: NaN, duration_seconds: -0, latencies: [1.5, Infinity, -Infinity, -0], clean_exit: true, judge_passed: false, stop_reason: "[EXIT]", turns: [null, null], missing: undefined }),
      completed("a__2", { total_turns: 3, latencies: [], success_breakdown: { passed: ["clean_exit"], failed: [], not_applicable: [], excluded: [] } }, { nlPassed: [true, false] }),
      // The same keys in another order is another shape.
      completed("a__3", { latencies: [], total_turns: 3 }),
      // A NaN inside a JSON value (an array of objects) cannot go as JSON: it travels apart.
      completed("a__4", { tool_calls: [{ name: "x", score: NaN }] }),
      ["a__5", { kind: "unfinished", problems: [{ file: "metrics.json", kind: "invalid-json", message: "Unexpected end" }], signature: "metrics.json:?" }] as unknown as ReadEntry,
      ["a__6", { kind: "not-scenario" }] as unknown as ReadEntry,
    ];
    const back = roundTrip(entries);
    expect(back).not.toBeNull();
    const byName = new Map(back!.map((e) => [e[0], e]));
    expect(byName.size).toBe(entries.length);
    for (const entry of entries) expect(isDeepStrictEqual(byName.get(entry[0]), entry), `${entry[0]} comes back equal`).toBe(true);
    const m1 = (byName.get("a__1")![1] as { record: { metrics: Record<string, unknown> } }).record.metrics;
    expect(Number.isNaN(m1.judge_score)).toBe(true);
    expect(Object.is(m1.duration_seconds, -0)).toBe(true);
    expect("missing" in m1).toBe(true);
    expect(Object.keys((byName.get("a__3")![1] as { record: { metrics: object } }).record.metrics)).toEqual(["latencies", "total_turns"]);
  });

  it("a bucket of many numbers, with a read that travels apart in the middle, comes back whole and in its values' order", () => {
    // Thousands of numbers: the encoder's number store grows several times; the odd read (a NaN in a
    // JSON value) is undone after its own numbers were stored, and the next read's take their place.
    const entries: ReadEntry[] = Array.from({ length: 60 }, (_, i) =>
      completed(`g__${i}`, i === 30 ? { latencies: Array.from({ length: 500 }, (_, j) => j + 0.5), tool_calls: [{ score: NaN }] } : { total_turns: i, latencies: Array.from({ length: 100 }, (_, j) => i * 1000 + j / 4) }),
    );
    const encoded = encodeBucket(entries);
    expect(encoded.special).not.toBeNull();
    // 59 plain reads of 1 + (1 + 100) numbers each, and 1 for their empty list of problems (a list
    // of numbers, of length 0): nothing of the odd read's 500 is left in them.
    expect(encoded.numbers.length).toBe(59 * 103);
    const back = decodeBucket(encoded);
    const byName = new Map(back!.map((e) => [e[0], e]));
    for (const entry of entries) expect(isDeepStrictEqual(byName.get(entry[0]), entry), `${entry[0]} comes back equal`).toBe(true);
  });

  it("keeps key lists apart that only differ where a key holds a NUL", () => {
    const entries = [completed("n__1", { "a\0b": 1, c: 2 }), completed("n__2", { a: 1, "b\0c": 2 })];
    const back = roundTrip(entries);
    expect(back?.map((e) => Object.keys((e[1] as { record: { metrics: object } }).record.metrics))).toEqual([["a\0b", "c"], ["a", "b\0c"]]);
  });

  it("a `__proto__` key stays an own property and never becomes the prototype; a wide object keeps every key", () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": true}, "x": 1}') as Record<string, unknown>;
    const wide = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i]));
    const back = roundTrip([completed("p__1", hostile), completed("p__2", wide)]);
    const metrics = back!.map((e) => (e[1] as { record: { metrics: Record<string, unknown> } }).record.metrics);
    expect(Object.getPrototypeOf(metrics[0])).toBe(Object.prototype);
    expect(Object.hasOwn(metrics[0]!, "__proto__")).toBe(true);
    expect((metrics[0] as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(metrics[1]).toEqual(wide);
  });

  it("refuses a damaged bucket instead of reading part of it", () => {
    const good = encodeBucket([completed("d__1", { total_turns: 3, judge_score: 0.5 }), completed("d__2", { total_turns: 4, judge_score: 0.25 })]);
    expect(decodeBucket(good)).not.toBeNull();
    expect(decodeBucket({ ...good, meta: good.meta.slice(0, -5) })).toBeNull();
    expect(decodeBucket({ ...good, numbers: good.numbers.subarray(1) })).toBeNull();
    expect(decodeBucket({ ...good, numbers: new Float64Array([...good.numbers, 7]) })).toBeNull();
    // A shape that holds itself would never end.
    const [names, shapes, others, roots] = JSON.parse(good.meta as string) as [string[], Array<[string[], number[]]>, unknown[], number[]];
    const cyclic = shapes.map(([keys, codes], id) => [keys, codes.map((c) => (c >= 6 ? 6 + id : c))]);
    expect(decodeBucket({ ...good, meta: JSON.stringify([names, cyclic, others, roots]) })).toBeNull();
    expect(decodeBucket({ ...good, meta: JSON.stringify([names, shapes, others, roots.map(() => 99)]) })).toBeNull();
    expect(decodeBucket({ ...good, meta: "not json" })).toBeNull();
  });

  it("decodes the same reads from the JSON's UTF-8 bytes (as the snapshot stores it)", () => {
    const entries = [completed("d__é", { total_turns: 3, judge_score: 0.5 }), completed("d__2", { total_turns: 4, judge_score: Number.NaN })];
    const good = encodeBucket(entries);
    const bytes = Buffer.from(good.meta as string, "utf8");
    // A view into a bigger buffer, as a file read gives.
    const within = new Uint8Array(bytes.length + 8);
    within.set(bytes, 4);
    expect(decodeBucket({ ...good, meta: within.subarray(4, 4 + bytes.length) })).toEqual(decodeBucket(good));
    expect(decodeBucket({ ...good, meta: bytes.subarray(0, bytes.length - 3) })).toBeNull();
  });
});
