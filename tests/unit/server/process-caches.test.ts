import { describe, expect, it, vi } from "vitest";
import { ProcessCaches } from "@/lib/server/process-caches";

describe("process caches", () => {
  it("bounds a sized cache by bytes, least recently used out, and lists it", () => {
    const caches = new ProcessCaches();
    const c = caches.lru<string>("texts", { maxBytes: 100, sizeOf: (v) => v.length });
    c.set("a", "x".repeat(20));
    c.set("b", "x".repeat(20));
    c.get("a"); // a is now the most recently used
    for (const k of ["c", "d", "e", "f"]) c.set(k, "x".repeat(20));
    expect(c.has("a")).toBe(true);
    expect(c.has("b")).toBe(false);
    expect(caches.stats()).toEqual([{ name: "texts", entries: 5, bytes: 100, max: 100 }]);
  });

  it("never keeps one entry larger than a quarter of the bound (it would evict everything else)", () => {
    const c = new ProcessCaches().lru<string>("texts", { maxBytes: 100, sizeOf: (v) => v.length });
    c.set("small", "x");
    c.set("huge", "x".repeat(60));
    expect([c.has("small"), c.has("huge")]).toEqual([true, false]);
  });

  it("gives the same cache for the same name, bounded by entries", () => {
    const caches = new ProcessCaches();
    const a = caches.lru<number>("n", { maxEntries: 2 });
    expect(caches.lru<number>("n", { maxEntries: 99 })).toBe(a);
    a.set("1", 1).set("2", 2).set("3", 3);
    expect(caches.stats()).toEqual([{ name: "n", entries: 2, bytes: null, max: 2 }]);
  });

  it("is one registry per process, however many times its module is loaded (one per Next bundle)", async () => {
    const first = (await import("@/lib/server/process-caches")).processCaches();
    vi.resetModules();
    const again = await import("@/lib/server/process-caches");
    expect(again.processCaches()).toBe(first);
  });
});
