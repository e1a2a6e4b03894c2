/** The scenario page's headline (§7.2): verdicts, signals, stop reason, size, tokens, problems, navigation. */
import Link from "next/link";
import { duration, fixed, group, ms, STOP_REASON_MISSING } from "@/components/format";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { judgeErrorExplanation, judgeErrorLabel, type Problem, type ScenarioRow } from "@/lib/core";
import { tokenSide } from "@/lib/core/token-usage";
import { KeyNav } from "./key-nav";
import { UnknownFieldsList } from "./unknown-fields";
import { callEndOf, callEndStory, STOP_REASON_LABEL, type CallEnd } from "@/lib/core/call-end";
import { unknownFields } from "@/lib/core/metrics-fields";
import { LegacyNotes } from "./legacy-notes";
import type { NavList, RunFacts, ScenarioNav } from "./types";

type Verdict = ScenarioRow["verdict"];

function verdictBadge(v: Verdict | null, yes = "passed", no = "failed") {
  if (v === true) return <Badge tone="good">{yes}</Badge>;
  if (v === false) return <Badge tone="bad">{no}</Badge>;
  if (v === "N/A") return <Badge>N/A</Badge>;
  return <Badge>unknown</Badge>;
}

const n = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? group(v) : "–");

export function ScenarioHeader({
  name,
  row,
  metrics,
  run,
  nav,
  problems,
  toolCallCount,
  stopReasonFromLog,
  transcriptTurns,
  sourceLines = [],
}: {
  /** Where another source (the log, the recording) differs from a figure shown here, and why: one line each. */
  sourceLines?: string[];
  /** The transcript's count and source: "Turns" says both when metrics.json counts otherwise. */
  transcriptTurns?: { count: number; source: string | null };
  name: string;
  row: ScenarioRow | null;
  metrics: Record<string, unknown> | null;
  run: RunFacts;
  nav: ScenarioNav;
  problems: Problem[];
  toolCallCount: number | null;
  stopReasonFromLog: string | null;
}) {
  const storedVerdict: Verdict | null = metrics
    ? typeof metrics.is_successful === "boolean"
      ? metrics.is_successful
      : metrics.is_successful === "N/A"
        ? "N/A"
        : null
    : null;
  // The table shows metrics.json's stop_reason; so does this page (a legacy file has none).
  const stop = row ? row.stop_reason : stopReasonFromLog;
  const agent = tokenSide(metrics, "agent");
  const user = tokenSide(metrics, "user");
  // How the call ended, as the harness's conversation-end policy reads it (issue 57).
  const end = metrics ? callEndOf(metrics) : null;
  const unknown = unknownFields(metrics);
  return (
    <header className="space-y-3" data-testid="scenario-header">
      <KeyNav
        targets={{
          next: nav.list.next?.href ?? null,
          prev: nav.list.prev?.href ?? null,
          nextFailing: nav.failing.next?.href ?? null,
          prevFailing: nav.failing.prev?.href ?? null,
        }}
      />
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link href={nav.runHref} className="font-mono break-all text-sky-700 hover:underline dark:text-sky-400">
          ← {run.id}
        </Link>
        {nav.filtered && <span className="ml-2 text-xs text-zinc-500 dark:text-zinc-400">(filtered list)</span>}
      </nav>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="min-w-0 font-mono text-xl font-semibold break-all">{name}</h1>
        <ScenarioNavBar nav={nav} />
      </div>
      {nav.error && (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-1.5 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          The list filter in this link is not valid ({nav.error}); previous/next follow the unfiltered list.
        </p>
      )}

      {!row ? (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200" data-testid="unfinished">
          Not finished: this folder has no usable <code>metrics.json</code> (in flight, killed or crashed). What the other files hold is shown below.
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <span className="flex items-center gap-1.5" data-testid="verdict" data-value={String(row.verdict)}>
            <span className="text-zinc-600 dark:text-zinc-400">Verdict (as counted)</span>
            {verdictBadge(row.verdict)}
          </span>
          {row.stalled && (
            <span data-testid="stalled">
              <Badge tone="warn" title="Stall rule (§4.6): fewer agent LLM calls than min_agent_turns; counted as a failure, an infrastructure problem">
                stalled: {run.agentTurnCount ?? "?"} agent LLM call{run.agentTurnCount === 1 ? "" : "s"} &lt; min_agent_turns {run.minAgentTurns}
              </Badge>
            </span>
          )}
          {storedVerdict !== null && storedVerdict !== row.verdict && (
            <span className="text-xs text-zinc-600 dark:text-zinc-400">
              stored <code>is_successful</code>: {String(storedVerdict)}
            </span>
          )}
          <span className="flex items-center gap-1.5" data-testid="task-verdict">
            <span className="text-zinc-600 dark:text-zinc-400">Task</span>
            {verdictBadge(row.task_verdict)}
          </span>
          <span className="flex flex-wrap items-center gap-1.5" data-testid="failing-signals">
            <span className="text-zinc-600 dark:text-zinc-400">Failing signals</span>
            {row.success_breakdown.failed.length === 0 ? (
              <span className="text-zinc-500">none</span>
            ) : (
              row.success_breakdown.failed.map((s) => (
                <Badge key={s} tone="bad">
                  {s}
                </Badge>
              ))
            )}
          </span>
        </div>
      )}

      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-6">
        <Fact label="Stop reason">
          {stop === null ? (
            <span title="metrics.json has no stop_reason (a legacy result); the table shows the same">
              {STOP_REASON_MISSING}
              {row && stopReasonFromLog && <span className="block text-xs text-zinc-500 dark:text-zinc-400">conversation log: {stopReasonFromLog}</span>}
            </span>
          ) : (
            <Badge
              tone={
                stop === "[EXIT]" ? "good" : stop === "[TIMEOUT]" ? "warn" : end?.cleanExit === true ? "good" : end?.cleanExit === false ? "warn" : "neutral"
              }
              title={STOP_REASON_LABEL[stop]}
            >
              {stop}
            </Badge>
          )}
        </Fact>
        <Fact label="Duration" source="metrics.json scenario_duration: the runner's clock around the conversation">
          {row ? duration(row.duration_seconds) : "–"}
        </Fact>
        <Fact label="Turns">
          <span data-testid="turns-count">{row ? group(row.turns) : transcriptTurns ? group(transcriptTurns.count) : "–"}</span>
          {row && transcriptTurns && transcriptTurns.source && transcriptTurns.count !== row.turns && (
            <span className="block text-xs font-normal text-zinc-500 dark:text-zinc-400" data-testid="turns-transcript">
              {group(transcriptTurns.count)} in {transcriptTurns.source}
            </span>
          )}
        </Fact>
        <Fact label="Judge score">
          {row?.judge_error ? (
            <span className="font-medium text-amber-700 dark:text-amber-400" title={judgeErrorExplanation(row.judge_error)} data-judge-error={row.judge_error}>
              {judgeErrorLabel(row.judge_error)}
            </span>
          ) : row?.judge_score === null || row?.judge_score === undefined ? (
            "–"
          ) : (
            fixed(row.judge_score, 3)
          )}
        </Fact>
        <Fact label="Latency p50 / p95" source="metrics.json latency_stats: the harness's hand-offs">
          {row && row.latency_count > 0 ? `${ms(row.latency_p50_ms)} / ${ms(row.latency_p95_ms)}` : "–"}
        </Fact>
        <Fact label="Tool calls">
          {toolCallCount === null ? (
            <span title="bot_logs_agent/llm_context.json is missing or empty (§1.14): unknown, not zero">unknown</span>
          ) : (
            group(toolCallCount)
          )}
        </Fact>
      </dl>
      {end && <CallEndLine end={end} />}
      {unknown.count > 0 && <UnknownFieldsList fields={unknown} />}
      {sourceLines.length > 0 && (
        <ul className="space-y-0.5 text-xs text-zinc-600 dark:text-zinc-400" data-testid="figure-sources">
          {sourceLines.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      )}

      <div id="tokens" className="scroll-mt-4 rounded-md border border-zinc-200 px-3 py-2 text-sm target:ring-2 target:ring-amber-400 dark:border-zinc-800">
        <div className="flex flex-wrap gap-x-6 gap-y-1">
          <span className="font-medium">Tokens</span>
          {(["agent", "user"] as const).map((side) => {
            const t = side === "agent" ? agent : user;
            return (
              <span key={side} data-testid={`tokens-${side}`}>
                <span className="text-zinc-600 dark:text-zinc-400">{side}:</span>{" "}
                {t ? (
                  <>
                    {n(t.n_calls)} LLM calls · {n(t.prompt)} prompt · {n(t.completion)} completion
                  </>
                ) : (
                  "not recorded"
                )}
              </span>
            );
          })}
          <span className="text-zinc-600 dark:text-zinc-400">
            stall rule: {run.agentTurnCount ?? "unknown"} agent LLM call{run.agentTurnCount === 1 ? "" : "s"} vs min_agent_turns {run.minAgentTurns}
          </span>
        </div>
      </div>

      <LegacyNotes metrics={metrics} />
      {problems.length > 0 && (
        <div className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm dark:border-amber-800 dark:bg-amber-950/50" data-testid="problems">
          <p className="font-medium text-amber-900 dark:text-amber-200">Problems reading this scenario&apos;s files</p>
          <ul className="mt-1 space-y-0.5">
            {problems.map((p, i) => (
              <li key={i} className="flex flex-wrap gap-x-2">
                <a href="#files" className="font-mono text-xs text-sky-700 hover:underline dark:text-sky-400">
                  {p.file}
                </a>
                <span className="rounded bg-amber-100 px-1 text-xs text-amber-900 dark:bg-amber-900 dark:text-amber-100">{p.kind}</span>
                <span className="min-w-0 break-words">{p.message}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </header>
  );
}

/** "How the call ended", with what the end tool and the simulator reported where the metrics say. */
function CallEndLine({ end }: { end: CallEnd }) {
  const story = callEndStory(end);
  const reported = (what: string, yes: boolean | null) => yes !== null && <span className="text-zinc-500">{` ${what}: ${yes ? "yes" : "no"}.`}</span>;
  return (
    <p id="call-end" className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="call-end" data-agent-at-fault={story.agentAtFault ? "true" : "false"}>
      <span className="text-zinc-500">How the call ended: </span>
      {story.text}
      {reported("End tool called", end.endToolCalled)}
      {reported("Simulator reported the end", end.simulatorEndReported)}
    </p>
  );
}

/** `source`: where the figure comes from, when more than one file could say it (its label's hover title). */
function Fact({ label, source, children }: { label: string; source?: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-zinc-600 dark:text-zinc-400" title={source}>
        {label}
        {source && <span className="ml-1 text-zinc-500">(harness)</span>}
      </dt>
      <dd className="font-medium tabular-nums">{children}</dd>
    </div>
  );
}

function NavLink({
  target,
  label,
  keyName,
  rel,
  testId,
}: {
  target: { name: string; href: string } | null;
  label: string;
  keyName: string;
  rel: "prev" | "next";
  testId: string;
}) {
  const kbd = <kbd className="rounded border border-zinc-300 px-1 font-mono text-[10px] text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">{keyName}</kbd>;
  const cls = "inline-flex items-center gap-1 rounded-md border px-2 py-1 text-xs";
  if (!target)
    return (
      <span className={`${cls} border-zinc-200 text-zinc-400 dark:border-zinc-800 dark:text-zinc-600`} data-testid={testId} aria-disabled="true">
        {rel === "prev" ? "‹ " : ""}
        {label}
        {rel === "next" ? " ›" : ""} {kbd}
      </span>
    );
  return (
    <Link
      href={target.href}
      rel={rel}
      prefetch={false}
      title={target.name}
      data-testid={testId}
      data-key={keyName}
      className={`${cls} border-zinc-300 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800`}
    >
      {rel === "prev" ? "‹ " : ""}
      {label}
      {rel === "next" ? " ›" : ""} {kbd}
    </Link>
  );
}

function position(l: NavList, what: string): string {
  return l.index === null ? `not among the ${l.total} ${what}` : `${l.index + 1} of ${l.total} ${what}`;
}

function ScenarioNavBar({ nav }: { nav: ScenarioNav }) {
  return (
    <div className="flex flex-col items-end gap-1" data-testid="scenario-nav">
      <div className="flex flex-wrap justify-end gap-1.5">
        <NavLink target={nav.list.prev} label="Previous" keyName="k" rel="prev" testId="nav-prev" />
        <NavLink target={nav.list.next} label="Next" keyName="j" rel="next" testId="nav-next" />
        <NavLink target={nav.failing.prev} label="Prev failing" keyName="[" rel="prev" testId="nav-prev-failing" />
        <NavLink target={nav.failing.next} label="Next failing" keyName="]" rel="next" testId="nav-next-failing" />
      </div>
      <span className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="nav-position">
        {position(nav.list, nav.filtered ? "in the filtered list" : "scenarios")} · {position(nav.failing, "failing")}
      </span>
    </div>
  );
}
