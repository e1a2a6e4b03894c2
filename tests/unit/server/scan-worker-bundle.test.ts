/**
 * The scan worker boots on the code that checks a restart's signatures alone: the readers (the
 * core's parsers, zod) are a bundle of their own beside it, loaded on a worker's first read. A
 * restart that finds nothing changed then compiles 15 KB per worker instead of 490 KB.
 */
import { readFile, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { workerBundle } from "@/lib/server/ingest/scan-pool";

describe("the scan worker's bundles", () => {
  it("keep the readers and zod out of the worker's boot, in a bundle beside it that it imports", async () => {
    const worker = workerBundle();
    expect(worker, "built by the test setup").not.toBeNull();
    const code = await readFile(worker as string, "utf8");
    const reader = join(dirname(worker as string), "scan-reader.mjs");
    const readerCode = await readFile(reader, "utf8");
    expect(code).toContain('import("./scan-reader.mjs")');
    // zod's own error class name, and a parser of the core that only a read needs.
    for (const marker of ["ZodError", "nl_assertion_pass_rate"]) {
      expect(code.includes(marker), `the worker holds no ${marker}`).toBe(false);
      expect(readerCode.includes(marker), `the readers hold ${marker}`).toBe(true);
    }
    expect((await stat(worker as string)).size).toBeLessThan(64 * 1024);
  });
});
