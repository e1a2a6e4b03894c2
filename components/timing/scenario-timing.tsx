/** The scenario page's Timing section (issue #13): budget, waterfall, TTFB, calls per turn, turn-taking, flow. */
import type { ScenarioTiming } from "@/lib/shared/timing";
import { BudgetBar } from "./budget-bar";
import { CallsPerTurn } from "./calls-per-turn";
import { FlowFindings } from "./flow-findings";
import { SlowestTurns } from "./slowest-turns";
import { TtfbTable, TurnLatencyTable } from "./ttfb-table";
import { TurnTaking } from "./turn-taking";
import { WaterfallChart } from "./waterfall-chart";
import { tokenSide } from "@/lib/core/token-usage";

const h3 = "mb-1 text-sm font-semibold";

export function ScenarioTimingSection({
  timing,
  reportHref,
  metrics = null,
  markedInterrupted = null,
}: {
  /** Transcript turns the harness wrote as [INTERRUPTED]. */
  markedInterrupted?: number | null;
  timing: ScenarioTiming;
  reportHref: string;
  /** metrics.json: its LLM call counts beside the log's. */
  metrics?: Record<string, unknown> | null;
}) {
  const calls = (side: "agent" | "user") => {
    const n = tokenSide(metrics, side)?.n_calls;
    return typeof n === "number" && Number.isFinite(n) ? n : null;
  };
  return (
    <div className="space-y-4" data-testid="timing">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          Metrics:{" "}
          {timing.metrics_source === "tagged"
            ? "side-tagged bridge-log lines"
            : timing.metrics_source === "legacy"
              ? "untagged frame dumps (old log)"
              : "none in the bridge log"}
          ; turn-taking from {timing.interaction_source ?? "nothing (no segments)"}.
        </p>
        <a
          href={reportHref}
          download
          className="rounded border border-zinc-300 px-2 py-1 text-xs hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
          data-testid="scenario-report-download"
        >
          Download scenario report (.md)
        </a>
      </div>
      <section>
        <h3 className={h3}>Conversation budget</h3>
        <BudgetBar budget={timing.budget} />
      </section>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <section>
          <h3 className={h3}>Waterfall per agent turn</h3>
          <WaterfallChart turns={timing.waterfall} alignment={timing.alignment_text} />
        </section>
        <section className="space-y-3">
          <div>
            <h3
              className={h3}
              title="Each turn's start − the end of the other side's last turn, from conversation_log.txt (§7.8); the header's latency is metrics.json's"
            >
              Response gap on the conversation log
            </h3>
            <TurnLatencyTable turns={timing.turns} />
          </div>
          <div>
            <h3 className={h3}>Slowest turns</h3>
            <SlowestTurns timing={timing} />
          </div>
          <div>
            <h3 className={h3}>TTFB by side and stage</h3>
            <TtfbTable ttfb={timing.ttfb} />
          </div>
        </section>
      </div>
      <section>
        <h3 className={h3}>LLM calls per turn</h3>
        <CallsPerTurn calls={timing.calls_per_turn} metricsCalls={{ agent: calls("agent"), user: calls("user") }} />
      </section>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <section>
          <h3 className={h3}>Turn-taking</h3>
          <TurnTaking i={timing.interaction} marked={markedInterrupted} />
        </section>
        <section>
          <h3 className={h3}>Flow audit</h3>
          <FlowFindings flow={timing.flow} />
        </section>
      </div>
    </div>
  );
}
