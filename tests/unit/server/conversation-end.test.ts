/**
 * Issue 57 on real folders: the same suite run under `tool-only` and under `valid-terminal-state` (the six
 * end fields, both new endings, a field no one knows yet). `summary` follows metrics.json; the run page's
 * detail names the policy, the timeout, the new stop reasons and the unknown field once; the scenario page
 * says how an inactivity end after the caller's last turn ended and does not put it on the agent, and lists
 * the unknown field with its value; compare and `check` (text and JSON) name the policy change as not like
 * for like; the setup diff lists both flags; /trends marks the night.
 */
import { spawnSync } from "node:child_process";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compareRoute, runRoute, setupRoute } from "@/lib/server/http/api";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { buildTrends } from "@/lib/server/views/trends";
import { notifyPayload } from "@/lib/server/notify/payload";
import type { CompareResult } from "@/lib/shared/compare";
import type { RunDetail, ScenarioDetail } from "@/lib/shared/dto";
import { writeGenerated } from "../../helpers/generated";
import { tempDir } from "../../helpers/run-builder";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const BIN = join(ROOT, "bin/voice-eval-dashboard.mjs");
const TOOL = "eval_20261201_020000";
const VTS = "eval_20261202_020000";
const LONGER = "eval_20261203_020000";
const OUTCOMES = { "#0": "timeout", "#1": "caller_ends", "#2": "success", "#3": "success", "#4": "db_mismatch", "#5": "success" } as const;
const NOTE = "Clean exit and success are not like for like: conversation-end policy tool-only → valid-terminal-state";
let root = "";
let store: Store;

const run = (name: string, policy: "tool-only" | "valid-terminal-state", inactivitySeconds: number) => ({
  name,
  scenarios: 6,
  domains: ["tau2_retail"],
  state: "finished" as const,
  lean: true,
  outcomes: { ...OUTCOMES },
  conversationEnd: { policy, inactivitySeconds },
});

function cli(...args: string[]) {
  const out = spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  return { code: out.status, stdout: out.stdout, stderr: out.stderr };
}

async function metricsOf(runName: string): Promise<Array<{ name: string; m: Record<string, unknown> }>> {
  const out = [];
  for (const name of (await readdir(join(root, runName))).sort()) {
    try {
      out.push({ name, m: JSON.parse(await readFile(join(root, runName, name, "metrics.json"), "utf8")) as Record<string, unknown> });
    } catch {
      // not a scenario folder
    }
  }
  return out;
}

beforeAll(async () => {
  root = await tempDir("ved-end-");
  await writeGenerated(root, { seed: 11, runs: [run(TOOL, "tool-only", 30), run(VTS, "valid-terminal-state", 30), run(LONGER, "valid-terminal-state", 120)] });
  // A field a harness writes that this dashboard does not know yet, in every scenario of the second run.
  for (const { name, m } of await metricsOf(VTS)) {
    const text = JSON.stringify({ ...m, turn_taking_score: 0.82 }, null, 2);
    await writeFile(join(root, VTS, name, "metrics.json"), text);
  }
  store = createStore(root, { watch: false });
  await store.scanned;
}, 120_000);
afterAll(async () => closeStore(store));

const json = async <T>(res: Response | Promise<Response>): Promise<T> => {
  const r = await res;
  expect(r.status).toBe(200);
  return (await r.json()) as T;
};

describe("calls ended under valid-terminal-state beside tool-only", () => {
  it("the runs hold both new endings, and `summary` follows metrics.json byte for byte", async () => {
    const stops = (await metricsOf(VTS)).map(({ m }) => m.stop_reason);
    expect(stops).toContain("[SIMULATOR_EXIT]");
    expect(stops).toContain("[INACTIVITY_TIMEOUT]");
    for (const r of [TOOL, VTS]) {
      const out = cli("summary", join(root, r));
      expect(out.code, out.stderr).toBe(0);
      expect(out.stdout).toBe(await readFile(join(root, r, "all_summary.txt"), "utf8"));
    }
  }, 60_000);

  it("the run page's detail names the policy, the inactivity timeout, the new stop reasons and the unknown field once", async () => {
    const d = await json<RunDetail>(runRoute(store, new Request(`http://localhost/api/runs/${VTS}`)));
    expect(d.endSettings).toEqual({ policy: "valid-terminal-state", policyKnown: true, inactivitySeconds: 30 });
    expect(Object.keys(d.stopReasons)).toEqual(expect.arrayContaining(["[SIMULATOR_EXIT]", "[INACTIVITY_TIMEOUT]"]));
    expect(d.newFields).toEqual([{ key: "turn_taking_score", scenarios: 6 }]);
    const t = await json<RunDetail>(runRoute(store, new Request(`http://localhost/api/runs/${TOOL}`)));
    expect(t.endSettings.policy).toBe("tool-only");
    expect(t.newFields).toEqual([]);
  });

  it("an inactivity end after the caller's last turn is said in words and not put on the agent; the unknown field is listed with its value", async () => {
    const inactive = (await metricsOf(VTS)).find(({ m }) => m.stop_reason === "[INACTIVITY_TIMEOUT]")!;
    expect(inactive.m.last_speaker).toBe("user");
    const d = await json<ScenarioDetail>(runRoute(store, new Request(`http://localhost/api/runs/${VTS}/scenarios/${inactive.name}`)));
    expect(d.callEnd!.story.text).toMatch(/^Ended after 30 s of silence following the caller's last turn: a valid end under valid-terminal-state/);
    expect(d.callEnd!.story.agentAtFault).toBe(false);
    expect(d.row!.success_breakdown.failed).not.toContain("clean_exit");
    const cause = d.insights.hints.find((h) => h.kind === "inactivity")!;
    expect(cause.owner).not.toBe("agent");
    expect(d.insights.hints.some((h) => h.owner === "agent" && /never ended the call/.test(h.message))).toBe(false);
    expect(d.unknownFields).toEqual({ fields: [{ key: "turn_taking_score", value: "0.82" }], count: 1 });
    // Under tool-only the same call's end fails the clean exit.
    const same = (await metricsOf(TOOL)).find(({ name }) => name === inactive.name)!;
    expect(same.m).toMatchObject({ stop_reason: "[INACTIVITY_TIMEOUT]", clean_exit: false });
  });

  it("compare and `check` (text and JSON) name the policy change as not like for like; the same policy says nothing", async () => {
    const c = await json<CompareResult>(compareRoute(store, new Request(`http://localhost/api/compare?base=${TOOL}&runs=${VTS}`)));
    expect(c.warnings.filter((w) => w.kind === "end_policy").map((w) => w.message)).toEqual([NOTE]);
    const same = await json<CompareResult>(compareRoute(store, new Request(`http://localhost/api/compare?base=${VTS}&runs=${VTS}`)));
    expect(same.warnings.some((w) => w.kind === "end_policy")).toBe(false);
    const longer = await json<CompareResult>(compareRoute(store, new Request(`http://localhost/api/compare?base=${VTS}&runs=${LONGER}`)));
    expect(longer.warnings.find((w) => w.kind === "end_policy")?.message).toBe("Clean exit and success are not like for like: inactivity timeout 30 s → 120 s");
    const text = cli("check", join(root, VTS), "--baseline", join(root, TOOL));
    expect(text.stdout).toContain(NOTE);
    const asJson = cli("check", join(root, VTS), "--baseline", join(root, TOOL), "--json");
    expect((JSON.parse(asJson.stdout) as { warnings: string[] }).warnings).toContain(NOTE);
  }, 60_000);

  it("the setup diff lists both flags", async () => {
    const d = await json<{ args: Array<{ name: string; base: string; other: string }> }>(
      setupRoute(store, new Request(`http://localhost/api/setup?base=${TOOL}&run=${LONGER}`)),
    );
    expect(d.args.map((a) => a.name)).toEqual(expect.arrayContaining(["conversation_end_policy", "inactivity_timeout"]));
  });

  it("/trends marks the night the policy changed", () => {
    const t = buildTrends(store.index, {});
    const night = t.runs.find((r) => r.id === VTS)!;
    expect(night.notComparable).toEqual([NOTE]);
    expect(t.runs.find((r) => r.id === TOOL)!.notComparable).toEqual([]);
  });

  it("--notify says it too, in its JSON and its text", async () => {
    const p = await notifyPayload(store.index, store.index.runs.get(VTS)!, "http://dash.example");
    expect(p.previous).toBe(TOOL);
    expect(p.not_comparable).toEqual([NOTE]);
    expect(p.text).toContain(`⚠ ${NOTE}`);
  });
});
