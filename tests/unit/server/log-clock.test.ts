/**
 * A run's state from its log's own clock (issue 44): a copy made with `cp -r` has new file times, but a
 * log that ended a month ago is never "running", by the one-folder reader and by the live index.
 */
import { cp, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityOf, logTimeMs } from "@/lib/core/run-state";
import { analyzeFolder } from "@/lib/server/ingest/analyze-folder";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { runsList } from "@/lib/server/views/runs-list";
import { retimeFile } from "../../helpers/retime-log";
import { tempDir } from "../../helpers/run-builder";

const FIXTURE_RUN = join(__dirname, "../../fixtures/harness/small-2-domains/run/eval_20260810_031700");
const DAY = 86_400_000;

let root: string;
let store: Store | null = null;

/** A copy of the fixture whose log stops in its first scenario (an unfinished session). */
async function unfinishedCopy(to: string): Promise<void> {
  await cp(FIXTURE_RUN, to, { recursive: true });
  const log = (await readFile(join(FIXTURE_RUN, "evaluation_log.txt"), "utf8")).split("\n").slice(0, 6).join("\n") + "\n";
  await writeFile(join(to, "evaluation_log.txt"), log);
}

beforeAll(async () => {
  root = await tempDir("ved-clock-");
  // Copied now (fresh file times), its log's last line a month old.
  await unfinishedCopy(join(root, "eval_copied"));
  await retimeFile(join(root, "eval_copied", "evaluation_log.txt"), Date.now() - 30 * DAY);
  // The same, its log's last line a minute old: really running.
  await unfinishedCopy(join(root, "eval_live"));
  await retimeFile(join(root, "eval_live", "evaluation_log.txt"), Date.now() - 60_000);
}, 60_000);

afterAll(async () => {
  if (store) await closeStore(store);
});

describe("a run's activity by its log's own clock", () => {
  it("reads a log line's time in the local zone", () => {
    expect(logTimeMs("2026-08-10 03:17:00 | runner.py | [INFO]: x")).toBe(new Date(2026, 7, 10, 3, 17, 0).getTime());
    expect(logTimeMs("2026-08-10 03:35:21.565 | INFO | bridge")).toBe(new Date(2026, 7, 10, 3, 35, 21, 565).getTime());
    expect(logTimeMs("Traceback (most recent call last):")).toBeNull();
  });

  it("takes the older of the two clocks, and the file times alone without a log time", () => {
    expect(activityOf(1_000, 500)).toBe(500);
    expect(activityOf(1_000, 5_000)).toBe(1_000);
    expect(activityOf(1_000, null)).toBe(1_000);
    expect(activityOf(null, 700)).toBe(700);
  });

  it("never calls a cp -r copy of a month-old unfinished run running (one-folder reader)", async () => {
    const copied = await analyzeFolder(join(root, "eval_copied"));
    expect(copied.analysis.status.state).toBe("killed");
    const live = await analyzeFolder(join(root, "eval_live"));
    expect(live.analysis.status.state).toBe("running");
  });

  it("lists the copy as killed from the first scan, the live one as running", async () => {
    store = createStore(root);
    await store.watching;
    const states = Object.fromEntries(runsList(store.index).runs.map((r) => [r.id, r.state]));
    expect(states).toEqual({ eval_copied: "killed", eval_live: "running" });
  });
});
