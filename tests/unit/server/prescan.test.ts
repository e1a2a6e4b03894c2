/**
 * The first scan ahead of the server (issue 46): the command's worker thread reads the results folder
 * into the index cache while Next boots, and tells the server over a pipe. Here: the worker as the
 * command runs it (the compiled bundle, a real thread), what it leaves in the cache (a store started
 * on it reads no folder and lists the same runs as a store that read them itself), a state folder it
 * cannot use (a named problem, the pipe still ends), and the server's end of a real pipe at fd 3.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { cp, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { PassThrough, type Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { PrescanMessage } from "@/lib/server/live/prescan";
import { closeStore } from "@/lib/server/live/store";
import { runAnalysis } from "@/lib/server/views/run-views";
import { runsList } from "@/lib/server/views/runs-list";
import { tempDir } from "../../helpers/run-builder";
import { settledStore } from "../../helpers/settled-store";
import { within } from "../../helpers/wait";

const ROOT = join(__dirname, "../../..");
const NIGHTLY = join(ROOT, "examples/results/nightly");
const RUNS = ["eval_20261117_020000", "eval_20261118_020000", "eval_20261119_020000"];

interface Prescan {
  attach(pipe: Writable): void;
  stop(): void;
  exited: Promise<void>;
}
// @ts-expect-error: plain .mjs modules of the command, without types
const command = (await import("../../../bin/prescan.mjs")) as { startPrescan: (script: string, root: string, env: NodeJS.ProcessEnv) => Prescan | null };
// @ts-expect-error: as above
const bundles = (await import("../../../bin/compile-cli.mjs")) as { compiledPrescanWorker: () => Promise<string> };

let root: string;
let script: string;
beforeAll(async () => {
  root = await tempDir("ved-prescan-");
  for (const run of RUNS) await cp(join(NIGHTLY, run), join(root, run), { recursive: true });
  script = await bundles.compiledPrescanWorker();
}, 120_000);
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Runs the command's scan of `root` into `stateDir`: every line it sent down the pipe, and when its worker ended (the states written). */
async function prescan(stateDir: string): Promise<{ messages: PrescanMessage[]; exited: Promise<void> }> {
  const started = command.startPrescan(script, root, { ...process.env, VOICE_EVAL_STATE_DIR: stateDir, VOICE_EVAL_DATABASE: "" });
  if (!started) throw new Error("the worker did not start");
  const pipe = new PassThrough();
  let text = "";
  pipe.on("data", (chunk: Buffer) => (text += chunk.toString()));
  const ended = new Promise<void>((resolve) => pipe.on("end", resolve));
  started.attach(pipe);
  await within(ended, 60_000, "the command's scan to end its pipe");
  const messages = text
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as PrescanMessage);
  return { messages, exited: within(started.exited, 60_000, "the command's worker to write the states and end") };
}

async function listOf(stateDir: string | null, statesOf?: string) {
  const store = await settledStore(root, stateDir);
  try {
    const factsReads = store.cache ? vi.spyOn(store.cache, "trendFacts") : null;
    const list = JSON.stringify(runsList(store.index).runs);
    // One run's states, from the cache as it holds them (a state it could not give back is read again, and the run is no longer as cached).
    const run = statesOf ? store.index.runs.get(statesOf) : undefined;
    const states = run ? { scenarios: runAnalysis(run).records.length, asCached: run.cachedAsIs } : null;
    return {
      scan: { read: store.scan!.read, reused: store.scan!.reused, cachedRuns: store.scan!.cachedRuns },
      list,
      factsRead: factsReads?.mock.calls.length ?? 0,
      states,
    };
  } finally {
    await closeStore(store);
  }
}

describe("the command's scan into the index cache", () => {
  it("reads every scenario on its thread, reports its progress, and leaves a cache a server starts from without reading a folder", async () => {
    const state = await tempDir("ved-prescan-state-");
    try {
      const { messages, exited } = await prescan(state);
      const report = messages.find((m) => "report" in m);
      const direct = await listOf(null, RUNS[1]);
      const scenarios = direct.scan.read;
      expect(scenarios).toBeGreaterThan(30);
      expect(report).toEqual({ report: expect.objectContaining({ ok: true, problem: null, read: scenarios, reused: 0 }) });
      expect(messages.at(-1), "the last line says the states are written, after the report").toEqual({ done: true, codeCache: expect.any(String) });
      expect(messages.indexOf(report!)).toBe(messages.length - 2);
      // The runs list comes before the report (before anything is written), exactly as a server that read the folder lists it.
      const list = messages.find((m) => "list" in m);
      expect(list && "list" in list && JSON.stringify(list.list.runs), "the command's runs list").toBe(direct.list);
      expect(messages.indexOf(list!)).toBe(messages.length - 3);
      const progress = messages.flatMap((m) => ("progress" in m ? [m.progress] : []));
      expect(progress.at(-1), "progress up to the whole folder").toEqual({ done: scenarios, total: scenarios });
      expect(progress.every((p, i) => i === 0 || p.done >= progress[i - 1]!.done)).toBe(true);

      const served = await listOf(state);
      expect(served.scan, "the server reads no folder: every run comes from the cache").toEqual({ read: 0, reused: scenarios, cachedRuns: RUNS.length });
      expect(served.list, "and lists exactly what a server that read the folder itself lists").toBe(direct.list);
      expect(served.factsRead, "its change column saved too: no run's trend facts read").toBe(0);

      // The states are written after the report, once the worker ends: a run's page then finds them in the cache.
      await exited;
      const withStates = await listOf(state, RUNS[1]);
      expect(withStates.states, "every scenario's state given back by the cache").toEqual({ scenarios: direct.states!.scenarios, asCached: true });
      expect(direct.states!.scenarios).toBeGreaterThan(0);

      // A restart: the command's scan now takes every run from the cache and audits it.
      const restart = (await prescan(state)).messages;
      expect(restart.find((m) => "report" in m)).toEqual({ report: expect.objectContaining({ ok: true, read: 0, reused: scenarios }) });
      expect(
        restart.some((m) => "list" in m),
        "having read nothing, it sends no list: the server loads the cache sooner",
      ).toBe(false);
    } finally {
      await rm(state, { recursive: true, force: true });
    }
  }, 120_000);

  it("keeps the compiled scan's code in a V8 code cache named by its source, and makes it again when it is unusable", async () => {
    const folder = dirname(script);
    const caches = () => readdirSync(folder).filter((f) => f.startsWith(`${basename(script)}.`) && f.endsWith(".v8cache"));
    const state = await tempDir("ved-prescan-cache-");
    try {
      await (
        await prescan(state)
      ).exited;
      expect(caches(), "one cache, named by the bundle's source").toHaveLength(1);
      const file = join(folder, caches()[0]!);
      // Named by the bundle's source and by its own bytes (issue 54: a cache is used only when they match).
      expect(caches()[0]).toMatch(/\.[0-9a-f]{16}\.[0-9a-f]{16}\.v8cache$/);
      // A cache V8 cannot use (a truncated write, another Node) is rejected, the scan still runs, and the cache is made again.
      writeFileSync(file, "not a code cache");
      await rm(state, { recursive: true, force: true });
      const again = await prescan(state);
      expect(again.messages.find((m) => "report" in m)).toEqual({ report: expect.objectContaining({ ok: true, read: expect.any(Number) }) });
      await again.exited;
      expect(caches(), "the damaged cache replaced").toHaveLength(1);
      const made = join(folder, caches()[0]!);
      expect(readFileSync(made).toString("latin1")).not.toBe("not a code cache");
      expect(readFileSync(made).length).toBeGreaterThan(10_000);
    } finally {
      await rm(state, { recursive: true, force: true });
    }
  }, 120_000);

  it("names what stopped it when the state folder cannot hold a cache, and still ends the pipe", async () => {
    const parent = await tempDir("ved-prescan-bad-state-");
    const notAFolder = join(parent, "state");
    await writeFile(notAFolder, "a file where the state folder should be");
    try {
      const { messages } = await prescan(notAFolder);
      expect(messages.find((m) => "report" in m)).toEqual({ report: expect.objectContaining({ ok: false, problem: expect.any(String) }) });
      expect(messages.at(-1)).toEqual({ done: true, codeCache: expect.any(String) });
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("the server's end of the pipe (fd 3)", () => {
  /** The reader in a process of its own, told `lines`, then the pipe closed (`keepOpen`: left open, silent); its output lines. */
  async function read(lines: string[], { keepOpen = false, silenceMs }: { keepOpen?: boolean; silenceMs?: number } = {}): Promise<unknown[]> {
    const args = ["--import", "tsx", "--conditions=react-server", join(ROOT, "tests/helpers/prescan-reader.ts"), ...(silenceMs ? [String(silenceMs)] : [])];
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit", "pipe"],
    });
    let out = "";
    child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    const pipe = child.stdio[3] as Writable;
    for (const line of lines) pipe.write(line);
    if (!keepOpen) pipe.end();
    expect(await within(exited, 30_000, "the reader to exit")).toBe(0);
    pipe.destroy();
    return out
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as unknown);
  }

  it("passes progress and the runs list on and resolves with the report; skips lines that are not messages", async () => {
    const report = { ok: true, problem: null, read: 12, reused: 3, ms: 40, otherBuild: { runs: 2, listItems: 2, trendFacts: 1 } };
    const list = { runs: [{ id: "eval_1" }, { id: "eval_2" }], problems: [] };
    const out = await read([
      `${JSON.stringify({ progress: { done: 5, total: 15 } })}\n`,
      "not json\n",
      `${JSON.stringify({ report: { ok: "yes" } })}\n`,
      `${JSON.stringify({ list: { runs: "not a list", problems: [] } })}\n`,
      // A line may arrive in pieces.
      `${JSON.stringify({ progress: { done: 15, total: 15 } })}\n${JSON.stringify({ list }).slice(0, 10)}`,
      `${JSON.stringify({ list }).slice(10)}\n${JSON.stringify({ report })}\n`,
    ]);
    expect(out).toEqual([
      { progress: { done: 5, total: 15 } },
      { progress: { done: 15, total: 15 } },
      { list: { ids: ["eval_1", "eval_2"], problems: 0 } },
      { report },
      { filled: true },
    ]);
  }, 40_000);

  it("reads a runs list of thousands of runs arriving in many pieces", async () => {
    const runs = Array.from({ length: 5000 }, (_, i) => ({ id: `nightly/eval_${String(i).padStart(5, "0")}`, note: "x".repeat(200) }));
    const line = `${JSON.stringify({ list: { runs, problems: [] } })}\n`;
    const pieces = Array.from({ length: Math.ceil(line.length / 4096) }, (_, k) => line.slice(k * 4096, (k + 1) * 4096));
    expect(pieces.length).toBeGreaterThan(200);
    const out = await read(pieces);
    expect(out[0]).toEqual({ list: { ids: runs.map((r) => r.id), problems: 0 } });
  }, 40_000);

  it("knows the cache is filled when the command says done, with the pipe still open", async () => {
    const report = { ok: true, problem: null, read: 4, reused: 0, ms: 9, otherBuild: { runs: 0, listItems: 0, trendFacts: 0 } };
    const started = Date.now();
    const out = await read([`${JSON.stringify({ report })}\n`, `${JSON.stringify({ done: true })}\n`], { keepOpen: true, silenceMs: 25_000 });
    expect(out).toEqual([{ report }, { filled: true }]);
    expect(Date.now() - started, "told, not given up on after the silence").toBeLessThan(20_000);
  }, 40_000);

  it("resolves with null when the command's scan goes silent with the pipe open: the server does not wait for ever", async () => {
    const started = Date.now();
    const out = await read([`${JSON.stringify({ progress: { done: 2, total: 9 } })}\n`], { keepOpen: true, silenceMs: 1_500 });
    expect(out).toEqual([{ progress: { done: 2, total: 9 } }, { report: null }, { filled: true }]);
    expect(Date.now() - started, "given up on after the silence, not before").toBeGreaterThanOrEqual(1_500);
  }, 40_000);

  it("resolves with null when the pipe ends without a report (the command died): the server reads the folder itself", async () => {
    expect(await read([`${JSON.stringify({ progress: { done: 1, total: 9 } })}\n`])).toEqual([
      { progress: { done: 1, total: 9 } },
      { report: null },
      { filled: true },
    ]);
  }, 40_000);
});
