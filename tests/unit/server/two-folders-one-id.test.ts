/**
 * Issue 42: a folder `back\slash` and a nested run `back/slash` read the same id, and one of them
 * vanished silently. Ids are distinct for distinct folders: the backslashed one is named as a problem
 * of the results folder (no URL could address it), the nested one is listed, every other run too.
 */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listRuns } from "@/lib/server/http/api";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { metrics, tempDir, writeRun } from "../../helpers/run-builder";

let root = "";
let store: Store;
const run = (name: string) => ({ scenarios: { [name]: { metrics: metrics(name) } } });

beforeAll(async () => {
  root = await tempDir("ved-backslash-");
  await writeRun(join(root, "back\\slash"), run("qa__1"));
  await writeRun(join(root, "back", "slash"), run("qa__2"));
  for (let i = 0; i < 3; i++) await writeRun(join(root, `eval_2026110${i}_080000`), run(`qa__${i}`));
  store = createStore(root, { watch: false });
  await store.scanned;
}, 60_000);

afterAll(async () => {
  if (store) await closeStore(store);
  if (root) await rm(root, { recursive: true, force: true });
});

describe("two folders, one id", () => {
  it("lists the nested run and names the backslashed folder instead of dropping one silently", async () => {
    const body = (await listRuns(store.index).json()) as { runs: Array<{ id: string }>; problems: Array<{ path: string; message: string }> };
    expect(body.runs.map((r) => r.id).sort()).toEqual(["back/slash", "eval_20261100_080000", "eval_20261101_080000", "eval_20261102_080000"]);
    expect(store.index.runs.get("back/slash")?.dir).toBe(join(root, "back", "slash"));
    expect(body.problems).toEqual([{ path: "back\\slash", message: expect.stringContaining("backslash") as string }]);
    // Every folder that is a run is either listed or named.
    expect(body.runs.length + body.problems.length).toBe(5);
  });

  it("keeps saying so after an audit of the whole folder", async () => {
    await store.sync.auditAll();
    const body = (await listRuns(store.index).json()) as { runs: Array<{ id: string }>; problems: Array<{ path: string }> };
    expect(body.runs).toHaveLength(4);
    expect(body.problems.map((p) => p.path)).toEqual(["back\\slash"]);
  });
});
