/**
 * A run level as the snapshot stores it (`encodeLevel` / `decodeLevel`): the same level back, with
 * its invocations and sessions (every scenario name, several times over) decoded only on first use,
 * and a bulk that does not decode named as a problem instead of thrown.
 */
import { cp } from "node:fs/promises";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { serialize } from "node:v8";
import { describe, expect, it } from "vitest";
import { plainLevel, readRunLevel } from "@/lib/server/ingest/read-run-level";
import { listRun } from "@/lib/server/ingest/list-run";
import { decodeLevel, encodeLevel } from "@/lib/server/ingest/snapshot";
import { tempDir } from "../../helpers/run-builder";

const FIXTURE = join(__dirname, "../../fixtures/harness/stalls/run/eval_20260804_144300");

async function fixtureLevel() {
  const dir = join(await tempDir(), "run");
  await cp(FIXTURE, dir, { recursive: true });
  const listing = await listRun(dir);
  return plainLevel(await readRunLevel(dir, listing!.files));
}

describe("a stored run level", () => {
  it("decodes to the same level, its invocations and sessions on first use", async () => {
    const level = await fixtureLevel();
    expect(level.sessions.length).toBeGreaterThan(0);
    const decoded = decodeLevel(encodeLevel(level));
    expect(decoded).not.toBeNull();
    for (const bulk of ["invocations", "sessions"] as const) expect(typeof Object.getOwnPropertyDescriptor(decoded, bulk)?.get, `${bulk} is decoded when read`).toBe("function");
    expect(decoded?.finished).toBe(level.finished);
    expect(decoded?.inFlight).toBe(level.inFlight);
    expect(isDeepStrictEqual({ ...decoded }, level)).toBe(true);
  });

  it("names a bulk that does not decode, and is refused when the rest does not", async () => {
    const level = await fixtureLevel();
    const { invocations: _i, sessions: _s, ...rest } = level;
    const decoded = decodeLevel(serialize({ ...rest, bulk: Buffer.from("not a level") }));
    expect(decoded?.sessions).toEqual([]);
    expect(decoded?.problems.map((p) => p.message)).toContain("the saved index of this run's sessions did not decode; they show as none");
    expect(decodeLevel(serialize({ ...rest }))).toBeNull();
    expect(decodeLevel(Buffer.from("garbage"))).toBeNull();
  });
});
