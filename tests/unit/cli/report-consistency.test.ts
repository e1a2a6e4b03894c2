/**
 * `report` states the same rates as `summary --json` and the same timing figures as
 * `/api/runs/{id}/timing`, on the bundled example and the harness fixtures.
 */
import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { RATE_NAMES, type Rate } from "@/lib/core";
import { loggedOf, type RunTiming, type Stats } from "@/lib/core/timing";
import { duration } from "@/lib/core/format";
import { runRoute } from "@/lib/server/http/api";
import { runsList } from "@/lib/server/views/runs-list";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { waitFor } from "../../helpers/wait";

const run = promisify(execFile);
const ROOT = join(__dirname, "../../..");
const BIN = join(ROOT, "bin/voice-eval-dashboard.mjs");
const FIXTURES = join(__dirname, "../../fixtures/harness");

const folders = [
  join(ROOT, "examples/results/eval_20261118_140000"),
  join(ROOT, "examples/results/eval_20261124_091500"),
  join(ROOT, "examples/results/eval_20261129_093000"),
  ...readdirSync(FIXTURES, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => join(FIXTURES, d.name, "run", readdirSync(join(FIXTURES, d.name, "run"))[0] as string)),
];

const stores: Store[] = [];
afterAll(async () => {
  for (const s of stores) await closeStore(s);
});

const f3 = (v: number | null | undefined) => (v === null || v === undefined ? "—" : v.toFixed(3));
const statRow = (s: Stats | null) => (s ? [s.n, f3(s.sum), f3(s.mean), f3(s.p50), f3(s.p90), f3(s.p95), f3(s.max)].join(" | ") : "0 | — | — | — | — | — | —");

function rateCell(r: Rate): RegExp {
  // summary --json prints NaN as null; the report prints it as Python does.
  const value = r.value === null ? "(—|nan)" : r.value.toFixed(4);
  const num = Number.isInteger(r.numerator) ? String(r.numerator) : r.numerator === null ? "nan" : (r.numerator as number).toFixed(4);
  return new RegExp(`\\| ${value} \\(${num}/${r.denominator}\\) \\|`);
}

describe.each(folders)("report on %s", (folder) => {
  it("states the rates of summary --json and the figures of the timing API", async () => {
    const [{ stdout: report }, { stdout: summaryText }] = await Promise.all([
      run("node", [BIN, "report", folder], { timeout: 60_000 }),
      run("node", [BIN, "summary", folder, "--json"], { timeout: 60_000 }),
    ]);
    const summary = JSON.parse(summaryText) as { rates: Record<string, Rate> };
    for (const name of RATE_NAMES) {
      const line = report.split("\n").find((l) => l.startsWith(`| ${name} |`));
      expect(line, name).toBeDefined();
      expect(line, name).toMatch(rateCell(summary.rates[name] as Rate));
    }

    const store = createStore(folder, { watch: false });
    stores.push(store);
    await store.scanned;
    const id = [...store.index.runs.keys()][0] as string;
    const get = async () => (await (await runRoute(store, new Request(`http://localhost/api/runs/${id}/timing`))).json()) as RunTiming;
    const t = await waitFor(
      async () => {
        const x = await get();
        return x.pending === 0 ? x : null;
      },
      30_000,
      "timing pending 0",
    );
    for (const g of t.ttfb) expect(report, `${g.side} ${g.processor}`).toContain(`| ${g.side} | ${g.processor} | ${statRow(g)} |`);
    for (const side of ["agent", "user"] as const) {
      expect(report, `turns ${side}`).toContain(`| ${side} | ${statRow(t.turns[side])} |`);
      const c = t.calls_per_turn[side];
      expect(report, `calls ${side}`).toContain(
        `| ${side} | ${c.llm_calls} | ${c.turns} | ${f3(c.ratio)} | ${f3(c.per_turn_mean_s)} | ${f3(c.per_call_mean_s)} | ${f3(c.gap_s)} |`,
      );
      expect(report).toContain(`- ${side}: ${c.reading}`);
    }
    const b = t.budget;
    expect(report).toContain(
      `| ${[b.duration_s, b.agent_playback_s, b.user_playback_s, b.agent_latency_s, b.user_latency_s, b.other_s].map(f3).join(" | ")} |`,
    );
    // The run time is the runs list's (evaluation_log.txt), never the logs' span; the overhead unknown, never negative.
    const listed = runsList(store.index).runs.find((r) => r.id === id)!;
    expect(t.run_time_s, "the timing API's run time is the runs list's").toBe(listed.durationSeconds);
    expect(report).toContain(
      listed.durationSeconds === null ? "Run time unknown (evaluation_log.txt" : `Run time ${duration(listed.durationSeconds)} (evaluation_log.txt)`,
    );
    expect(report).not.toMatch(/overhead -|overhead: -/);
    expect(report).toContain(`Pooled over the scenarios with logs: ${loggedOf(t)}`);
    expect(report).toContain(`Σ scenario_duration ${duration(t.scenario_duration_s)}`);
    const j = t.judge_scores;
    expect(report).toContain(`= 1.0: ${j.one}; [0.8, 1): ${j.from_0_8}; [0.5, 0.8): ${j.from_0_5}; < 0.5: ${j.below_0_5}; judge errors and NaN: ${j.errors}`);
  }, 120_000);
});
