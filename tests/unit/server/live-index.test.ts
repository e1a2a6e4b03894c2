/** The real watcher on temp folders: a run copied in scenario by scenario, half-written files, removals. */
import { cp, mkdir, readdir, readFile, rename, rm, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { runAnalysis } from "@/lib/server/views/run-views";
import { afterEach, describe, expect, it } from "vitest";
import type { ChangeEvent } from "@/lib/shared/dto";
import { analyzeFolder } from "@/lib/server/ingest/analyze-folder";
import { runRoute } from "@/lib/server/http/api";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { tempDir } from "../../helpers/run-builder";
import { waitFor } from "../../helpers/wait";

const FIXTURE = join(__dirname, "../../fixtures/harness/small-2-domains");
const RUN = "eval_20260810_031700";

let store: Store | null = null;
afterEach(async () => {
  if (store) await closeStore(store);
  store = null;
});

async function get(s: Store, path: string): Promise<Response> {
  return runRoute(s, new Request(`http://localhost${path}`));
}

describe("live index", () => {
  it("follows a run copied in scenario by scenario and ends byte-identical to the harness", async () => {
    const root = await tempDir();
    const staging = await tempDir();
    store = createStore(root);
    await store.watching;
    const events: Array<{ at: number; event: ChangeEvent }> = [];
    store.index.subscribe((event) => events.push({ at: Date.now(), event }));

    // The run folder appears with its run-level files only.
    const src = join(FIXTURE, "run", RUN);
    await mkdir(join(staging, RUN));
    for (const f of ["run_args.json", "evaluation_log.txt"]) await cp(join(src, f), join(staging, RUN, f));
    await rename(join(staging, RUN), join(root, RUN));
    await waitFor(() => store!.index.runs.get(RUN), 5000, "the new run");

    const names = (await readdir(src, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
    const delays: number[] = [];
    for (const name of names) {
      // The scenario folder is renamed into place without metrics.json, which lands last.
      await cp(join(src, name), join(staging, name), { recursive: true });
      await rm(join(staging, name, "metrics.json"));
      await rename(join(staging, name), join(root, RUN, name));
      await new Promise((r) => setTimeout(r, 100));
      await writeFile(join(staging, "metrics.tmp"), await readFile(join(src, name, "metrics.json")));
      const landed = Date.now();
      await rename(join(staging, "metrics.tmp"), join(root, RUN, name, "metrics.json"));
      const hit = await waitFor(() => events.find((e) => e.at >= landed && e.event.scenarios.some((s) => s.name === name)), 2000, `event for ${name}`);
      delays.push(hit.at - landed);
    }
    expect(delays.every((d) => d < 2000)).toBe(true);

    const res = await get(store, `/api/runs/${RUN}/summary.txt`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(await readFile(join(FIXTURE, "expected", "all_summary.txt"), "utf8"));
    // The incremental index agrees with a full recomputation from disk.
    const full = await analyzeFolder(join(root, RUN));
    expect(runAnalysis(store.index.runs.get(RUN)!).summaryText).toBe(full.analysis.summaryText);
  });

  it("never shows a metrics.json written in two halves as data in between, and recovers", async () => {
    const root = await tempDir();
    const runDir = join(root, RUN);
    await cp(join(FIXTURE, "run", RUN), runDir, { recursive: true });
    const name = "tau2_airline__34";
    const whole = await readFile(join(runDir, name, "metrics.json"), "utf8");
    await rm(join(runDir, name, "metrics.json"));
    store = createStore(root);
    await store.watching;
    const run = store.index.runs.get(RUN)!;
    expect(runAnalysis(run).records.map((r) => r.name)).not.toContain(name);

    await writeFile(join(runDir, name, "metrics.json"), whole.slice(0, Math.floor(whole.length / 2)));
    const seen: boolean[] = [];
    const deadline = Date.now() + 1000;
    while (Date.now() < deadline) {
      seen.push(runAnalysis(store.index.runs.get(RUN)!).records.some((r) => r.name === name));
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(seen.some(Boolean)).toBe(false);
    const problems = await waitFor(
      () =>
        store!.index.runs
          .get(RUN)!
          .scenarios.get(name)
          ?.problems.find((p) => p.file === "metrics.json"),
      2000,
      "a named problem",
    );
    expect(problems.kind).toBe("invalid-json");

    await writeFile(join(runDir, name, "metrics.json"), whole);
    await waitFor(() => runAnalysis(store!.index.runs.get(RUN)!).records.some((r) => r.name === name), 2000, "recovery");
    expect(store.index.runs.get(RUN)!.scenarios.get(name)!.problems).toEqual([]);
    const full = await analyzeFolder(runDir);
    expect(runAnalysis(store.index.runs.get(RUN)!).summaryText).toBe(full.analysis.summaryText);
  });

  it("keeps the last good data while a finished scenario's metrics.json is corrupt, and drops removed scenarios", async () => {
    const root = await tempDir();
    const runDir = join(root, RUN);
    await cp(join(FIXTURE, "run", RUN), runDir, { recursive: true });
    store = createStore(root);
    await store.watching;
    const before = runAnalysis(store.index.runs.get(RUN)!).summaryText;
    const name = "restaurant__pizza_pepperoni";
    await writeFile(join(runDir, name, "metrics.json"), '{"total_turns": 3, "turns": [');
    await waitFor(() => store!.index.runs.get(RUN)!.scenarios.get(name)?.problems.length, 2000, "a problem");
    expect(runAnalysis(store.index.runs.get(RUN)!).summaryText).toBe(before);

    await rm(join(runDir, "restaurant__burger_spicy_feast"), { recursive: true });
    await waitFor(() => !store!.index.runs.get(RUN)!.scenarios.has("restaurant__burger_spicy_feast"), 2000, "removal");
    expect(runAnalysis(store.index.runs.get(RUN)!).records.map((r) => r.name)).not.toContain("restaurant__burger_spicy_feast");
  });
});

describe("watching a finished run", () => {
  const logLine = (message: string) => `2026-08-10 04:00:00 | run_evaluation.py:main:455 | [INFO]: ${message}\n`;

  it("leaves its folder out of chokidar's walk, and still sees a scenario folder come and go, a resume, and the folder's removal", async () => {
    const root = await tempDir();
    const runDir = join(root, RUN);
    await cp(join(FIXTURE, "run", RUN), runDir, { recursive: true });
    const log = (await readFile(join(runDir, "evaluation_log.txt"), "utf8")) + logLine("Evaluation Complete!");
    await writeFile(join(runDir, "evaluation_log.txt"), log);
    store = createStore(root);
    await store.watching;
    const run = () => store!.index.runs.get(RUN);
    expect(run()?.finished).toBe(true);
    // Not walked: chokidar lists and lstats every entry of a folder it watches (100,000 at scale).
    expect(store.watcher!.walkedFolders().filter((dir) => dir === runDir || dir.startsWith(runDir + "/"))).toEqual([]);
    expect(store.watcher!.watchesNatively(runDir)).toBe(true);

    await cp(join(runDir, "tau2_airline__12"), join(runDir, "tau2_airline__99"), { recursive: true });
    await waitFor(() => run()?.scenarios.get("tau2_airline__99")?.record, 5000, "the scenario folder copied into the finished run");
    await rm(join(runDir, "tau2_airline__34"), { recursive: true });
    await waitFor(() => !run()?.scenarios.has("tau2_airline__34"), 5000, "the scenario folder removed from the finished run to leave the index");

    // Resumed: the run is live again, and chokidar now walks it and watches its scenario folders.
    await writeFile(join(runDir, "evaluation_log.txt"), log + logLine(`=== RESUMING run ${RUN} ===`) + logLine("Queued 1 scenario(s): ['tau2_airline__34']"));
    await waitFor(() => run()?.finished === false, 5000, "the resumed run to be live");
    await waitFor(() => store!.watcher!.walkedFolders().includes(runDir), 5000, "chokidar to walk the resumed run");
    expect(store.watcher!.watchesNatively(runDir)).toBe(false);

    await rm(runDir, { recursive: true });
    await waitFor(() => !run(), 5000, "the removed run to leave the index");
  });

  it("follows the folder when it is removed and made again under the same name", async () => {
    const root = await tempDir();
    const runDir = join(root, RUN);
    const copy = async () => {
      await cp(join(FIXTURE, "run", RUN), runDir, { recursive: true });
      await writeFile(join(runDir, "evaluation_log.txt"), (await readFile(join(runDir, "evaluation_log.txt"), "utf8")) + logLine("Evaluation Complete!"));
    };
    await copy();
    store = createStore(root);
    await store.watching;
    expect(store.watcher!.watchesNatively(runDir)).toBe(true);

    const made = store.watcher!.nativeWatchesMade;

    // Replaced at once, so the run need not leave the index; the old folder's watch died with it
    // (an event names the folder itself) and the new folder (often under the same inode number) gets its own.
    await rm(runDir, { recursive: true });
    await copy();
    await store.sync.auditAll();
    expect(store.watcher!.watchesNatively(runDir)).toBe(true);
    expect(store.watcher!.nativeWatchesMade, "a new watch for the new folder").toBeGreaterThan(made);
    await cp(join(runDir, "tau2_airline__12"), join(runDir, "tau2_airline__77"), { recursive: true });
    await waitFor(() => store!.index.runs.get(RUN)?.scenarios.get("tau2_airline__77")?.record, 5000, "a scenario folder copied into the new folder");
  });
});

describe("watching a quiet run that did not finish (issue 46)", () => {
  const logLine = (message: string) => `${new Date().toISOString().slice(0, 19).replace("T", " ")} | run_evaluation.py:main:455 | [INFO]: ${message}\n`;

  it("watches a stalled run's folder by itself, as a finished one's, and walks it once it moves again", async () => {
    const root = await tempDir();
    const runDir = join(root, RUN);
    await cp(join(FIXTURE, "run", RUN), runDir, { recursive: true });
    // Quiet for an hour by its files' own times (its log's lines are older still).
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(join(runDir, "evaluation_log.txt"), hourAgo, hourAgo);
    store = createStore(root);
    await store.watching;
    const run = () => store!.index.runs.get(RUN);
    expect(run()?.finished).toBe(false);
    expect(
      store.watcher!.walkedFolders().filter((dir) => dir === runDir || dir.startsWith(runDir + "/")),
      "not walked",
    ).toEqual([]);
    expect(store.watcher!.watchesNatively(runDir)).toBe(true);

    // The harness goes on: its log moves and a new scenario folder is written.
    await writeFile(
      join(runDir, "evaluation_log.txt"),
      (await readFile(join(runDir, "evaluation_log.txt"), "utf8")) + logLine("Running scenario tau2_airline__99"),
    );
    await waitFor(() => store!.watcher!.walkedFolders().includes(runDir), 5000, "chokidar to walk the run that moved");
    expect(store.watcher!.watchesNatively(runDir)).toBe(false);
    await cp(join(runDir, "tau2_airline__12"), join(runDir, "tau2_airline__99"), { recursive: true });
    await waitFor(() => run()?.scenarios.get("tau2_airline__99")?.record, 5000, "the new scenario of the run that moved");
  });
});
