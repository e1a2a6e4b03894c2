/** The one containment rule for every path the dashboard writes: links resolved on both sides, segments compared. */
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { insideOf, isInside, realPathOrNearest } from "@/lib/server/write-guard";

const root = realpathSync(mkdtempSync(join(tmpdir(), "ved-guard-")));
const results = join(root, "results");
mkdirSync(join(results, "run"), { recursive: true });
mkdirSync(join(root, "elsewhere"));
symlinkSync(join(results, "run"), join(root, "link-to-run"));
symlinkSync(join(root, "elsewhere"), join(results, "link-out"));

describe("write containment", () => {
  it("treats a folder named ..something inside the results folder as inside", () => {
    expect(isInside(join(results, "..state"), results)).toBe(true);
    expect(isInside(join(results, "run", "..exp"), join(results, "run"))).toBe(true);
    expect(isInside(join(results, "..", "results-state"), results)).toBe(false);
    expect(isInside(`${results}-2`, results)).toBe(false);
  });

  it("follows a link on the written side into the results folder", () => {
    expect(isInside(join(root, "link-to-run", "exp"), results)).toBe(true);
  });

  it("follows a link on the results side too", () => {
    expect(isInside(join(results, "run", "out"), join(root, "link-to-run"))).toBe(true);
    expect(isInside(join(root, "elsewhere", "x"), join(root, "link-to-run"))).toBe(false);
  });

  it("resolves a path not created yet through its nearest existing ancestor", () => {
    expect(realPathOrNearest(join(root, "link-to-run", "a", "b"))).toBe(join(results, "run", "a", "b"));
    expect(isInside(join(root, "link-to-run", "missing", "deeper"), results)).toBe(true);
    expect(isInside(join(root, "missing", "deeper"), results)).toBe(false);
  });

  it("a link inside the results folder that leads out is outside once resolved", () => {
    expect(isInside(join(results, "link-out", "file"), results)).toBe(false);
    expect(insideOf(join(results, "run", "x"), [join(root, "elsewhere"), results])).toBe(results);
    expect(insideOf(join(root, "elsewhere"), [results])).toBeNull();
  });
});
