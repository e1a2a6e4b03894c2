/** `export` through the real CLI on generated runs: sizes, audio left out or copied, bad input, the results folder untouched. */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeGenerated } from "../../helpers/generated";
import { tempDir } from "../../helpers/run-builder";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const BIN = join(ROOT, "bin/voice-eval-dashboard.mjs");
const BIG = "eval_20261110_080000";
const SMALL = "eval_20261111_080000";
let root = "";

function exportCli(...args: string[]) {
  const out = spawnSync(process.execPath, [BIN, "export", ...args], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 240_000,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  return { code: out.status, stdout: out.stdout, stderr: out.stderr };
}

async function walk(dir: string): Promise<Array<{ path: string; size: number }>> {
  const out: Array<{ path: string; size: number }> = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(p)));
    else out.push({ path: p, size: (await stat(p)).size });
  }
  return out;
}

/** Paths, sizes and modification times of every file (any write, removal or new file changes it), and the bytes of the small ones. */
async function treeDigest(dir: string): Promise<string> {
  const h = createHash("sha256");
  for (const f of (await walk(dir)).sort((a, b) => (a.path < b.path ? -1 : 1))) {
    h.update(`${f.path}\0${f.size}\0${(await stat(f.path)).mtimeMs}\0`);
    if (f.size < 4096) h.update(await readFile(f.path));
  }
  return h.digest("hex");
}

beforeAll(async () => {
  root = await tempDir("ved-export-");
  await writeGenerated(join(root, "results"), {
    seed: 9,
    runs: [
      // 2,000 scenarios, the first 40 with a recording.
      {
        name: BIG,
        scenarios: 2000,
        domains: ["restaurant", "qa", "tau2_retail"],
        agentContextKB: 1,
        judgeContextStringLimit: 200,
        audio: { sampleRate: 8000, secondsPerTurn: 0.1, maxScenarios: 40 },
      },
      { name: SMALL, scenarios: 6, domains: ["restaurant"], audio: { sampleRate: 8000, secondsPerTurn: 0.25 } },
    ],
  });
}, 240_000);

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe("export", () => {
  it("exports a 2,000-scenario run without a filter small, leaving the audio out and saying so; the results folder is unchanged", async () => {
    const results = join(root, "results");
    const before = await treeDigest(join(results, BIG));
    const runBytes = (await walk(join(results, BIG))).reduce((n, f) => n + f.size, 0);
    const wavBytes = (await walk(join(results, BIG))).filter((f) => f.path.endsWith(".wav")).reduce((n, f) => n + f.size, 0);
    const out = join(root, "out-big");
    const r = exportCli(join(results, BIG), "--out", out);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/2000 of 2000 scenarios/);
    expect(r.stdout).toMatch(/audio left out \(40 recording\(s\); add --audio/);
    const files = await walk(out);
    const bytes = files.reduce((n, f) => n + f.size, 0);
    console.log(
      `export of 2,000 scenarios without a filter: ${files.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MB (${(bytes / 2000 / 1024).toFixed(1)} KB per scenario); the run folder is ${(runBytes / 1024 / 1024).toFixed(1)} MB of which ${(wavBytes / 1024 / 1024).toFixed(1)} MB audio`,
    );
    expect(files.some((f) => f.path.endsWith(".wav"))).toBe(false);
    expect(files.filter((f) => f.path.endsWith(".html"))).toHaveLength(2001);
    // Each scenario's page is the live page (transcript, tool calls, timing lanes, checks, heard vs meant) with its data beside it.
    expect(bytes / 2000).toBeLessThan(128 * 1024);
    const index = await readFile(join(out, "index.html"), "utf8");
    expect(index).toContain("Audio left out: 40 of the 2000 exported scenarios have a recording");
    expect(await treeDigest(join(results, BIG))).toBe(before);
  }, 240_000);

  it("copies the recordings with --audio, byte for byte, and links them from the scenario pages", async () => {
    const out = join(root, "out-small");
    const r = exportCli(join(root, "results", SMALL), "--out", out, "--audio");
    expect(r.code).toBe(0);
    const wavs = (await walk(join(out, "audio"))).map((f) => f.path);
    expect(wavs).toHaveLength(6);
    const pages = await readdir(join(out, "scenarios"));
    for (const p of pages) {
      const html = await readFile(join(out, "scenarios", p), "utf8");
      const src = /<audio[^>]*\ssrc="([^"]+)"/.exec(html)?.[1];
      expect(src, p).toBeDefined();
      const copied = await readFile(join(out, "scenarios", decodeURIComponent(src!)));
      const name = p.replace(/^\d+-/, "").replace(/\.html$/, "");
      expect(copied.equals(await readFile(join(root, "results", SMALL, name, "conversation_log.wav")))).toBe(true);
    }
  });

  it("names bad input with exit 2 and writes nothing", async () => {
    const run = join(root, "results", SMALL);
    const missing = exportCli(join(root, "results", "nope"), "--out", join(root, "o1"));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("no such folder");
    const insideRun = exportCli(run, "--out", join(run, "export"));
    expect(insideRun.code).toBe(2);
    expect(insideRun.stderr).toContain("inside the run folder");
    await expect(stat(join(run, "export"))).rejects.toThrow();
    // `..exp` is a folder inside the run, not its parent; a link to the run is the run.
    const dotted = exportCli(run, "--out", join(run, "..exp"));
    expect(dotted.code).toBe(2);
    await expect(stat(join(run, "..exp"))).rejects.toThrow();
    await symlink(run, join(root, "run-link"));
    const linked = exportCli(join(root, "run-link"), "--out", join(run, "exp2"));
    expect(linked.code).toBe(2);
    expect(exportCli(run, "--out", join(root, "run-link", "exp3")).code).toBe(2);
    await expect(stat(join(run, "exp2"))).rejects.toThrow();
    await expect(stat(join(run, "exp3"))).rejects.toThrow();
    const full = join(root, "full");
    await mkdir(full);
    await writeFile(join(full, "keep.txt"), "x");
    expect(exportCli(run, "--out", full).code).toBe(2);
    expect(await readdir(full)).toEqual(["keep.txt"]);
    const bad = exportCli(run, "--out", join(root, "o2"), "--filter", "sort=bogus");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--filter");
    expect(exportCli(run).code).toBe(2);
  });

  it("refuses an unknown --filter key and an --out through a dangling link, in one line with exit 2, writing nothing", async () => {
    const run = join(root, "results", SMALL);
    const typo = exportCli(run, "--out", join(root, "o-typo"), "--filter", "quik=failed");
    expect(typo.code).toBe(2);
    expect(typo.stderr.trim().split("\n")).toHaveLength(1);
    expect(typo.stderr).toContain("unknown key quik");
    await expect(stat(join(root, "o-typo"))).rejects.toThrow();
    const link = join(root, "dangling-out");
    await symlink(join(root, "nowhere", "exp"), link);
    const dangling = exportCli(run, "--out", link);
    expect(dangling.code).toBe(2);
    expect(dangling.stderr.trim().split("\n")).toHaveLength(1);
    expect(dangling.stderr).toContain("symbolic link");
    expect(dangling.stderr).not.toMatch(/\n\s+at /);
    await expect(stat(join(root, "nowhere"))).rejects.toThrow();
  });
});
