/** `report` through the real CLI on a run whose texts attack a Markdown reader: every one comes out inert. */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { symlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { runRoute } from "@/lib/server/http/api";
import { closeStore, createStore } from "@/lib/server/live/store";
import { apiScenarioReportHref } from "@/lib/shared/routes";
import { metrics, tempDir, writeRun } from "../../helpers/run-builder";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const BIN = join(ROOT, "bin/voice-eval-dashboard.mjs");
const HOSTILE = "x|<img src=x onerror=alert(1)>[c](javascript:alert(1))";
const NAME = "evil|<b>dom__1";
let run = "";

function report(...args: string[]) {
  const out = spawnSync(process.execPath, [BIN, "report", ...args], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  return { code: out.status, stdout: out.stdout, stderr: out.stderr };
}

beforeAll(async () => {
  run = join(await tempDir("ved-report-esc-"), "eval_20261101_080000");
  const failing = {
    success_breakdown: { passed: [], failed: [HOSTILE], not_applicable: [], excluded: [] },
    is_successful: false,
    stop_reason: HOSTILE,
    total_turns: 0,
  };
  await writeRun(run, { scenarios: { [NAME]: { metrics: metrics(NAME, failing) }, qa__ok: { metrics: metrics("qa__ok") } } });
}, 60_000);

describe("report", () => {
  it("escapes the domain, stop reason, failed signals and the Stalled line", () => {
    const r = report(run);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    // Every `<` and `](` of the results is escaped (the report's own text has none).
    expect(r.stdout).toContain("\\<img");
    expect(r.stdout.replace("< 0.5", "")).not.toMatch(/(?<!\\)</);
    expect(r.stdout).not.toMatch(/(?<!\\)\]\(javascript/);
    const row = r.stdout.split("\n").find((l) => l.startsWith("| evil"))!;
    // 8 columns: 9 unescaped pipes, however many the texts hold.
    expect(row.split(/(?<!\\)\|/).length - 2).toBe(8);
    const stalled = r.stdout.split("\n").find((l) => l.startsWith("- Stalled:"))!;
    expect(stalled).not.toMatch(/(?<!\\)[<|]/);
  });

  it("refuses --out inside the run, through a link too", async () => {
    const link = join(run, "..", "run-link");
    await symlink(run, link);
    for (const out of [join(run, "r.md"), join(run, "..r.md"), join(link, "r.md")]) {
      const r = report(run, "--out", out);
      expect(r.code, out).toBe(2);
      expect(r.stderr).toContain("inside the results folder");
    }
    expect(existsSync(join(run, "r.md"))).toBe(false);
    expect(existsSync(join(run, "..r.md"))).toBe(false);
  });

  it("names a missing --out folder in one line with exit 2", () => {
    const r = report(run, "--out", join(run, "..", "no-such-folder", "r.md"));
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("does not exist");
  });

  it("escapes the stop reason and failed signals of --scenario too (the CLI and its API route)", async () => {
    const r = report(run, "--scenario", NAME);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    for (const cell of ["Stop reason", "Failed signals"]) {
      const row = r.stdout.split("\n").find((l) => l.startsWith(`| ${cell} |`))!;
      expect(row, cell).toContain("\\<img");
      // 2 columns: 3 unescaped pipes, whatever the text holds.
      expect(row.split(/(?<!\\)\|/).length - 2, cell).toBe(2);
    }
    expect(r.stdout).not.toMatch(/(?<!\\)\]\(javascript/);
    const store = createStore(dirname(run), { watch: false });
    try {
      await store.scanned;
      const res = await runRoute(store, new Request(`http://localhost${apiScenarioReportHref(basename(run), NAME)}`));
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(r.stdout);
    } finally {
      await closeStore(store);
    }
  }, 60_000);

  it("refuses --out through a link, a dangling one into the run included, and writes nothing", async () => {
    const dangling = join(run, "..", "dangling.md");
    await symlink(join(run, "planted.md"), dangling);
    const r = report(run, "--out", dangling);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("symbolic link");
    expect(existsSync(join(run, "planted.md"))).toBe(false);
  });
});
