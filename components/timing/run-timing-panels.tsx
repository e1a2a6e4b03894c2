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
import { seconds } from "@/components/format";
import { link, num, Table } from "@/components/ui/table-kit";
import type { TimingFigures } from "@/lib/shared/timing";
import { ScenarioLinks } from "./scenario-links";
import { TtfbTable, TurnLatencyTable } from "./ttfb-table";
import { TurnTaking } from "./turn-taking";
import { useRunTiming } from "./use-run-timing";
import { loggedOf } from "@/lib/core/timing/rollup";
import { runTimeSentence } from "@/lib/core/run-time";

/** The mean TTFB of the agent's LLM stages, over all their calls; unknown without a call. */
function llmTtfbMean(f: TimingFigures): number | null {
  const llm = f.ttfb.filter((g) => g.side === "agent" && g.processor.includes("LLM"));
  const calls = llm.reduce((s, g) => s + g.n, 0);
  return calls ? llm.reduce((s, g) => s + g.sum, 0) / calls : null;
}

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
                    {o.scenario} turn {o.turn} ({seconds(o.latency_s, 1)})
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
            <Table
              testId="latency-by-domain"
              rows={domains}
              rowKey={([d]) => d}
              row={([d]) => ({ "data-domain": d })}
              columns={[
                { head: "Domain", cell: ([d]) => link(runHref(runId, `domain=${encodeURIComponent(d)}`), d) },
                { head: "Scenarios", cell: ([, f]) => num.count(f.scenarios.length) },
                { head: "Agent p50 s", cell: ([, f]) => num.decimal(f.turns.agent?.p50) },
                { head: "Agent p90 s", cell: ([, f]) => num.decimal(f.turns.agent?.p90) },
                { head: "Agent LLM calls / turn", cell: ([, f]) => num.decimal(f.calls_per_turn.agent.ratio) },
                { head: "Agent LLM TTFB mean s", cell: ([, f]) => num.decimal(llmTtfbMean(f), 3) },
                {
                  head: "Over 60 s",
                  cell: ([, f]) => {
                    const over = new Set(t.over_60s.filter((o) => f.scenarios.includes(o.scenario)).map((o) => o.scenario));
                    return over.size ? <ScenarioLinks runId={runId} names={[...over]} /> : num.count(0);
                  },
                },
              ]}
            />
          </div>
        </div>
      </Card>
      <Card id="turn-taking" title="Turn-taking">
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2" data-testid="run-turn-taking">
          <TurnTaking i={t.interaction} />
          <div className="space-y-3 text-xs">
            <Table
              testId="turn-taking-by-domain"
              rows={domains}
              rowKey={([d]) => d}
              row={([d]) => ({ "data-domain": d })}
              columns={[
                { head: "Domain", cell: ([d]) => d },
                { head: "Response rate", cell: ([, f]) => <FigureCell f={f.interaction.response_rate} kind="pct" /> },
                { head: "Agent interruptions", cell: ([, f]) => num.count(f.interaction.agent_interruptions.count) },
                { head: "Caller interruptions", cell: ([, f]) => num.count(f.interaction.caller_interruptions.count) },
                { head: "Gaps over 3 s", cell: ([, f]) => num.count(f.interaction.dead_air.over_3s) },
              ]}
            />
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
