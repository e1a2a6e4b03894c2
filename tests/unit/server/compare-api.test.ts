/** GET /api/compare over the bundled example's runs of one suite, checked against their metrics.json files. */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compareRoute } from "@/lib/server/http/api";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";

const EXAMPLE = join(__dirname, "../../../examples/results");
const FINISHED = "eval_20261118_140000";
const RESUMED = "eval_20261124_091500";
const KILLED = "eval_20261129_220000";

let store: Store;
beforeAll(async () => {
  store = createStore(EXAMPLE, { watch: false });
  await store.scanned;
});
afterAll(async () => closeStore(store));

/** The verdict as counted, straight from the files: stall rule (§4.6) with the run's M, then is_successful. */
/** Scenarios of each run that stalled, filled in by countedVerdicts. */
const STALLED = new Map<string, Set<string>>();

async function countedVerdicts(run: string): Promise<Map<string, boolean | "N/A">> {
  const stalledNames = new Set<string>();
  STALLED.set(run, stalledNames);
  const args = JSON.parse(await readFile(join(EXAMPLE, run, "run_args.json"), "utf8"));
  const last = args.invocations[args.invocations.length - 1];
  const m = last.parsed_args.min_agent_turns ?? 0;
  const queue: string[] = last.resolved_scenario_names;
  const out = new Map<string, boolean | "N/A">();
  for (const name of await readdir(join(EXAMPLE, run))) {
    if (name.includes(".killed.") || !queue.includes(name)) continue;
    let text: string;
    try {
      text = await readFile(join(EXAMPLE, run, name, "metrics.json"), "utf8");
    } catch {
      continue;
    }
    const metrics = JSON.parse(text.replace(/\bNaN\b/g, "null"));
    let calls = metrics.token_usage?.agent?.n_calls;
    if (!Number.isInteger(calls)) {
      try {
        const context = JSON.parse(await readFile(join(EXAMPLE, run, name, "bot_logs_agent", "llm_context.json"), "utf8"));
        calls = Array.isArray(context) ? context.filter((c: { role?: string }) => c?.role === "assistant").length : 0;
      } catch {
        calls = null;
      }
    }
    const stalled = m > 0 && calls !== null && calls < m;
    if (stalled) stalledNames.add(name);
    out.set(name, stalled ? false : typeof metrics.is_successful === "boolean" ? metrics.is_successful : "N/A");
  }
  return out;
}

const get = (query: string) => compareRoute(store, new Request(`http://localhost/api/compare?${query}`));

describe("GET /api/compare", () => {
  it("puts every scenario of two runs in the bucket their metrics.json verdicts give", async () => {
    for (const other of [RESUMED, KILLED]) {
      const res = await get(`base=${FINISHED}&runs=${other}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { scenarios: Array<{ name: string; base: unknown; other: unknown; change: string }>; counts: Record<string, number> };
      const a = await countedVerdicts(FINISHED);
      const b = await countedVerdicts(other);
      const names = new Set([...a.keys(), ...b.keys()]);
      expect(body.scenarios.map((s) => s.name).sort()).toEqual([...names].sort());
      for (const s of body.scenarios) {
        const x = a.get(s.name) ?? null;
        const y = b.get(s.name) ?? null;
        expect([s.name, s.base, s.other]).toEqual([s.name, x, y]);
        // Issue 14: a flip to or from a stall on one side only is "was_stalled" / "now_stalled", not fixed / regressed.
        const sa = STALLED.get(FINISHED)!.has(s.name);
        const sb = STALLED.get(other)!.has(s.name);
        const want =
          x === null
            ? "only_other"
            : y === null
              ? "only_base"
              : sa && !sb
                ? y === false
                  ? "still_failing"
                  : "was_stalled"
                : sb && !sa
                  ? x === false
                    ? "still_failing"
                    : "now_stalled"
                  : x === "N/A" || y === "N/A"
                    ? "not_comparable"
                    : x && !y
                      ? "regressed"
                      : !x && y
                        ? "fixed"
                        : x
                          ? "still_passing"
                          : "still_failing";
        expect(s.change, s.name).toBe(want);
      }
      const total = Object.values(body.counts).reduce((p, c) => p + c, 0);
      expect(total).toBe(body.scenarios.length);
    }
  });

  it("warns when runs are not like for like, and builds the matrix for three runs", async () => {
    const body = (await (await get(`base=${FINISHED}&runs=${RESUMED},${KILLED}`)).json()) as {
      warnings: Array<{ kind: string }>;
      comparisons: Array<{ warnings: Array<{ kind: string }> }>;
      matrix: { runs: string[]; passAllK: { k: number } } | null;
    };
    expect(body.matrix?.runs).toEqual([FINISHED, RESUMED, KILLED]);
    expect(body.matrix?.passAllK.k).toBe(3);
    // The killed run is partial and has fewer finished scenarios than the finished one.
    expect(body.comparisons[1]!.warnings.map((w) => w.kind)).toEqual(expect.arrayContaining(["scenario_set", "partial"]));
  });

  it("answers 400 for a bad query and 404 for an unknown run", async () => {
    expect((await get("base=")).status).toBe(400);
    expect((await get(`base=${FINISHED}`)).status).toBe(400);
    expect((await get(`base=nope&runs=${RESUMED}`)).status).toBe(404);
    expect((await get(`base=${FINISHED}&runs=nope`)).status).toBe(404);
  });
});

describe("like-for-like warnings", () => {
  it("names a different stall floor, judge setting, threshold and whitelist", async () => {
    const { cp, writeFile: write } = await import("node:fs/promises");
    const { tempDir } = await import("../../helpers/run-builder");
    const root = await tempDir();
    for (const name of ["a", "b", "c"]) await cp(join(EXAMPLE, FINISHED), join(root, `eval_${name}`), { recursive: true });
    const edit = async (run: string, change: (args: { invocations: Array<{ parsed_args: Record<string, unknown> }> }) => void) => {
      const path = join(root, run, "run_args.json");
      const args = JSON.parse(await readFile(path, "utf8"));
      change(args);
      await write(path, JSON.stringify(args));
    };
    await edit("eval_b", (a) => {
      a.invocations[0]!.parsed_args.min_agent_turns = 5;
      a.invocations[0]!.parsed_args.judge_threshold = 0.8;
    });
    await edit("eval_c", (a) => {
      a.invocations[0]!.parsed_args.judge_url = "";
    });
    const scenario = (await readdir(join(root, "eval_b"))).find((n) => n.startsWith("tau2_retail__")) as string;
    const metaPath = join(root, "eval_b", scenario, "scenario_config", "metadata.json");
    const meta = JSON.parse(await readFile(metaPath, "utf8"));
    meta.success_signals = ["db_state_match"];
    await write(metaPath, JSON.stringify(meta, null, 4));

    const local = createStore(root, { watch: false });
    await local.scanned;
    try {
      const kinds = async (other: string) => {
        const res = await compareRoute(local, new Request(`http://localhost/api/compare?base=eval_a&runs=${other}`));
        return ((await res.json()) as { warnings: Array<{ kind: string; message: string }> }).warnings;
      };
      const b = await kinds("eval_b");
      // Issue 14: the example run has stalled scenarios, so every pair also carries a stall warning per side.
      const setup = (list: Array<{ kind: string }>) => list.filter((w) => w.kind !== "stalled");
      expect(
        setup(b)
          .map((w) => w.kind)
          .sort(),
      ).toEqual(["judge_threshold", "min_agent_turns", "whitelist"]);
      expect(b.find((w) => w.kind === "whitelist")!.message).toContain(scenario);
      expect(setup(await kinds("eval_c")).map((w) => w.kind)).toEqual(["judge"]);
      const same = await kinds("eval_a");
      expect(setup(same)).toEqual([]);
      expect(same.map((w) => w.kind)).toEqual(["stalled", "stalled"]);
    } finally {
      await closeStore(local);
    }
  });
});
