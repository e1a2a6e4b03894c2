"use client";

/**
 * The run page's Latency-by-stage and Turn-taking panels (issue #13): the pooled rollup, a
 * per-domain split, and links to the scenarios behind each figure. Fetched after the page renders,
 * so the rollup (read in the background) never holds up the page.
 */
import { runHref, scenarioHref } from "@/components/format";
import { apiRunReportHref } from "@/lib/shared/routes";
import { Card } from "@/components/ui/card";
import { BudgetBar } from "./budget-bar";
import { CallsPerTurn } from "./calls-per-turn";
import { FigureCell } from "./figure-cell";
import { num, sec } from "./fmt";
import { ScenarioLinks } from "./scenario-links";
import { TtfbTable, TurnLatencyTable } from "./ttfb-table";
import { TurnTaking } from "./turn-taking";
import { useRunTiming } from "./use-run-timing";
import { loggedOf } from "@/lib/core/timing/rollup";
import { runTimeSentence } from "@/lib/core/run-time";

const td = "px-2 py-1 tabular-nums";

export function RunTimingPanels({ runId }: { runId: string }) {
  const { timing: t, error } = useRunTiming(runId);
  const download = (
    <a
      href={apiRunReportHref(runId)}
      download
      className="rounded border border-zinc-300 px-2 py-1 text-xs hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
      data-testid="run-report-download"
    >
      Download triage report (.md)
    </a>
  );
  if (!t) {
    return (
      <Card id="latency-stage" title="Latency by stage" actions={download}>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{error ? `The timing rollup could not be loaded (${error}).` : "Reading the logs…"}</p>
      </Card>
    );
  }
  const domains = Object.entries(t.by_domain);
  const flowKinds = Object.entries(t.flow).filter(([, names]) => names.length > 0);
  return (
    <>
      <Card id="latency-stage" title="Latency by stage" actions={download}>
        <div className="space-y-4" data-testid="run-latency-stage">
          {t.pending > 0 && (
            <p className="text-sm text-amber-800 dark:text-amber-300" data-testid="timing-pending">
              {t.pending} scenario(s) not read yet; the figures cover {t.scenarios}.
            </p>
          )}
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            Pooled over the scenarios with logs: <span data-testid="timing-logged">{loggedOf(t)}</span> (events concatenated; killed attempts left out).{" "}
            <span data-testid="run-time">{runTimeSentence(t)}</span>.
          </p>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <div>
              <h3 className="mb-1 text-sm font-semibold">TTFB by side and stage</h3>
              <TtfbTable ttfb={t.ttfb} />
            </div>
            <div>
              <h3 className="mb-1 text-sm font-semibold">Response latency per turn</h3>
              <TurnLatencyTable turns={t.turns} />
              <p className="mt-2 text-xs" data-testid="run-over-60s">
                Turns over 60 s: {t.over_60s.length === 0 ? "none" : null}
                {t.over_60s.map((o) => (
                  <a
                    key={`${o.scenario}-${o.turn}`}
                    href={`${scenarioHref(runId, o.scenario)}#turn-${o.turn}`}
                    className="mr-2 font-mono text-sky-700 hover:underline dark:text-sky-400"
                    data-testid="over-60s-link"
                  >
                    {o.scenario} turn {o.turn} ({sec(o.latency_s, 1)})
                  </a>
                ))}
              </p>
            </div>
          </div>
          <CallsPerTurn calls={t.calls_per_turn} />
          <div>
            <h3 className="mb-1 text-sm font-semibold">Conversation budget (sums)</h3>
            <BudgetBar budget={t.budget} />
          </div>
          <div>
            <h3 className="mb-1 text-sm font-semibold">By domain</h3>
            <table className="w-full text-xs max-sm:relative max-sm:block max-sm:overflow-x-auto" data-testid="latency-by-domain">
              <thead className="border-b border-zinc-200 dark:border-zinc-700">
                <tr>
                  {["Domain", "Scenarios", "Agent p50 s", "Agent p90 s", "Agent LLM calls / turn", "Agent LLM TTFB mean s", "Over 60 s"].map((h) => (
                    <th key={h} className="px-2 py-1 text-left font-medium">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {domains.map(([d, f]) => {
                  const llm = f.ttfb.filter((g) => g.side === "agent" && g.processor.includes("LLM"));
                  const calls = llm.reduce((s, g) => s + g.n, 0);
                  const over = t.over_60s.filter((o) => f.scenarios.includes(o.scenario));
                  return (
                    <tr key={d} data-domain={d} className="border-b border-zinc-100 dark:border-zinc-800">
                      <td className={td}>
                        <a href={runHref(runId, `domain=${encodeURIComponent(d)}`)} className="text-sky-700 hover:underline dark:text-sky-400">
                          {d}
                        </a>
                      </td>
                      <td className={td}>{f.scenarios.length}</td>
                      <td className={td}>{num(f.turns.agent?.p50)}</td>
                      <td className={td}>{num(f.turns.agent?.p90)}</td>
                      <td className={td}>{num(f.calls_per_turn.agent.ratio)}</td>
                      <td className={td}>{calls ? num(llm.reduce((s, g) => s + g.sum, 0) / calls, 3) : "–"}</td>
                      <td className={td}>{over.length ? <ScenarioLinks runId={runId} names={[...new Set(over.map((o) => o.scenario))]} /> : "0"}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </div>
      </Card>
      <Card id="turn-taking" title="Turn-taking">
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2" data-testid="run-turn-taking">
          <TurnTaking i={t.interaction} />
          <div className="space-y-3 text-xs">
            <table className="w-full max-sm:relative max-sm:block max-sm:overflow-x-auto" data-testid="turn-taking-by-domain">
              <thead className="border-b border-zinc-200 dark:border-zinc-700">
                <tr>
                  {["Domain", "Response rate", "Agent interruptions", "Caller interruptions", "Gaps over 3 s"].map((h) => (
                    <th key={h} className="px-2 py-1 text-left font-medium">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {domains.map(([d, f]) => (
                  <tr key={d} data-domain={d} className="border-b border-zinc-100 dark:border-zinc-800">
                    <td className={td}>{d}</td>
                    <td className={td}>
                      <FigureCell f={f.interaction.response_rate} kind="pct" />
                    </td>
                    <td className={td}>{f.interaction.agent_interruptions.count}</td>
                    <td className={td}>{f.interaction.caller_interruptions.count}</td>
                    <td className={td}>{f.interaction.dead_air.over_3s}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <div data-testid="flow-rollup">
              <h3 className="mb-1 text-sm font-semibold">Flow audit</h3>
              {flowKinds.length === 0 ? (
                <p>No flow issue found.</p>
              ) : (
                flowKinds.map(([k, names]) => (
                  <p key={k} data-kind={k}>
                    {k}: <ScenarioLinks runId={runId} names={names} />
                  </p>
                ))
              )}
            </div>
            <div data-testid="patterns">
              <h3 className="mb-1 text-sm font-semibold">Cross-scenario patterns</h3>
              {t.patterns.length === 0 ? (
                <p>None.</p>
              ) : (
                t.patterns.map((p, i) => (
                  <p key={i} data-kind={p.kind}>
                    {p.text}: <ScenarioLinks runId={runId} names={p.scenarios} />
                  </p>
                ))
              )}
            </div>
          </div>
        </div>
      </Card>
    </>
  );
}
