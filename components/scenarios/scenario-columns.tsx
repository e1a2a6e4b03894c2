"use client";

/**
 * Column definitions of the scenario table (TanStack Table v9). Column ids are the API's sort
 * keys where one exists, so the table's sorting state maps 1:1 onto `sort=`/`dir=` in the URL.
 * Sorting itself happens on the server (`manualSorting`); the table holds one page at a time.
 */
import Link from "next/link";
import { createColumnHelper, rowSortingFeature, tableFeatures } from "@tanstack/react-table";
import { duration, fixed, group, percent, scenarioHref, STOP_REASON_MISSING } from "@/components/format";
import { FullText } from "@/components/ui/full-text";
import { judgeErrorExplanation, judgeErrorLabel } from "@/lib/core/judge-score";
import type { ScenarioRow } from "@/lib/shared/dto";
import type { FailureMark } from "@/lib/shared/run-changes";
import { FailureMarkBadge } from "@/components/changes/failure-mark";
import { SORTABLE } from "./view-params";
import { RetriedMark } from "./retried-mark";

export interface ScenarioColumnMeta {
  /** CSS grid track of the column. */
  width: string;
  align?: "right" | "center";
  /** Header tooltip. */
  title?: string;
}

export const scenarioFeatures = tableFeatures({ rowSortingFeature, columnMeta: {} as ScenarioColumnMeta });

const helper = createColumnHelper<typeof scenarioFeatures, ScenarioRow>();

type Verdict = ScenarioRow["verdict"];

export function VerdictMark({ v, what }: { v: Verdict | null; what: string }) {
  if (v === true)
    return (
      <span className="scn-pass" title={`${what}: passed`}>
        ✓<span className="sr-only"> passed</span>
      </span>
    );
  if (v === false)
    return (
      <span className="scn-fail" title={`${what}: failed`}>
        ✗<span className="sr-only"> failed</span>
      </span>
    );
  if (v === "N/A") return <span title={`${what}: not applicable`}>N/A</span>;
  return <span className="scn-muted">–</span>;
}

const dash = <span className="scn-muted">–</span>;

/** A NaN judge score: a judge error, not "no judge" (lib/core/judge-score.ts). */
function JudgeErrorCell({ token }: { token: NonNullable<ScenarioRow["judge_error"]> }) {
  return (
    <span className="truncate font-medium text-amber-700 dark:text-amber-400" title={judgeErrorExplanation(token)} data-judge-error={token}>
      {judgeErrorLabel(token)}
    </span>
  );
}

function num(v: number | null, text: (n: number) => string) {
  return v === null ? dash : text(v);
}

/**
 * Builds the columns for one run. The name links into it carrying `viewQuery` (the table's
 * filters, sort and search), so the scenario page's previous/next walk the same list.
 */
export function scenarioColumns(runId: string, viewQuery: string, marks: Readonly<Record<string, FailureMark>> = {}) {
  return helper.columns([
    helper.accessor("name", {
      header: "Scenario",
      // A long name takes two lines; the table fits 1440 px (past its minimum it scrolls in its box, this column pinned).
      meta: { width: "minmax(264px, 1fr)" },
      cell: (c) => {
        const outside = c.row.original.outside_queue;
        const mark = Object.hasOwn(marks, c.getValue()) ? marks[c.getValue()] : undefined;
        const badged = !!mark || !!outside || !!c.row.original.retries;
        // The name first, the marks under it (app/globals.css `.scn-name`): a badge never hides the name.
        return (
          <span className="scn-name">
            <Link
              href={scenarioHref(runId, c.getValue(), viewQuery)}
              className="trunc-full scn-name-link font-mono text-sky-700 hover:underline dark:text-sky-400"
              title={outside ? `${c.getValue()}: ${outside}` : c.getValue()}
              prefetch={false}
            >
              {c.getValue()}
            </Link>
            {badged && (
              <span className="scn-badges">
                {mark && <FailureMarkBadge mark={mark} />}
                {outside && (
                  <span
                    data-testid="outside-queue-mark"
                    title={outside}
                    className="shrink-0 rounded bg-amber-100 px-1 text-[10px] font-medium text-amber-800 dark:bg-amber-950 dark:text-amber-300"
                  >
                    not in queue
                  </span>
                )}
                <RetriedMark row={c.row.original} />
              </span>
            )}
          </span>
        );
      },
    }),
    helper.accessor("domain", {
      header: "Domain",
      meta: { width: "132px" },
      cell: (c) => <span className="truncate font-mono">{c.getValue()}</span>,
    }),
    helper.accessor("verdict", {
      header: "Verdict",
      meta: { width: "60px", align: "center", title: "is_successful as counted (stalled counts as failed)" },
      cell: (c) => <VerdictMark v={c.getValue()} what="Verdict" />,
    }),
    helper.accessor("task_verdict", {
      header: "Task",
      meta: { width: "44px", align: "center", title: "Task verdict (excl. clean_exit)" },
      cell: (c) => <VerdictMark v={c.getValue()} what="Task verdict" />,
    }),
    helper.accessor((r) => r.success_breakdown.failed.join(", "), {
      id: "failed_signals",
      header: "Failed signals",
      // The server sorts by how many signals failed: most first is the useful first click.
      sortDescFirst: true,
      meta: { width: "152px", title: "Failing success signals (sorts by how many, then which)" },
      cell: (c) => {
        const v = c.getValue();
        return v ? <FullText text={v} className="scn-fail font-mono font-normal" /> : dash;
      },
    }),
    helper.accessor("stop_reason", {
      header: "Stop reason",
      meta: { width: "84px" },
      cell: (c) => {
        const v = c.getValue();
        return v === null ? (
          <span className="scn-muted" title="metrics.json has no stop_reason (a legacy result)">
            {STOP_REASON_MISSING}
          </span>
        ) : (
          <span className={`truncate font-mono ${v === "[TIMEOUT]" ? "text-amber-700 dark:text-amber-400" : ""}`} title={v}>
            {v}
          </span>
        );
      },
    }),
    helper.accessor("judge_score", {
      header: "Judge",
      meta: { width: "124px", align: "right", title: "Judge score (✓/✗: judge passed; a NaN score is a judge error)" },
      cell: (c) => {
        const r = c.row.original;
        if (r.judge_error) return <JudgeErrorCell token={r.judge_error} />;
        if (r.judge_score === null) return dash;
        return (
          <span title={r.judge_passed === null ? undefined : r.judge_passed ? "judge passed" : "judge failed"}>
            {fixed(r.judge_score, 2)}
            {r.judge_passed === false && <span className="scn-fail ml-0.5">✗</span>}
          </span>
        );
      },
    }),
    helper.accessor("nl_assertion_pass_rate", {
      header: "NL",
      meta: { width: "48px", align: "right", title: "NL-assertion pass rate" },
      cell: (c) => num(c.getValue(), (v) => percent(v, 0)),
    }),
    helper.accessor("db_state_assertion_pass_rate", {
      header: "DB",
      meta: { width: "48px", align: "right", title: "DB-state-assertion pass rate" },
      cell: (c) => num(c.getValue(), (v) => percent(v, 0)),
    }),
    helper.accessor("latency_p50_ms", {
      header: "p50",
      meta: { width: "60px", align: "right", title: "Latency p50 (ms)" },
      cell: (c) => num(c.getValue(), (v) => group(Math.round(v))),
    }),
    helper.accessor("latency_p95_ms", {
      header: "p95",
      meta: { width: "60px", align: "right", title: "Latency p95 (ms)" },
      cell: (c) => num(c.getValue(), (v) => group(Math.round(v))),
    }),
    helper.accessor("turns", {
      header: "Turns",
      meta: { width: "48px", align: "right" },
      cell: (c) => c.getValue(),
    }),
    helper.accessor("duration_seconds", {
      header: "Time",
      meta: { width: "60px", align: "right", title: "Scenario duration" },
      cell: (c) => duration(c.getValue()),
    }),
    helper.accessor((r) => r.tokens.agent + r.tokens.user, {
      id: "tokens",
      header: "Tokens",
      meta: { width: "64px", align: "right", title: "Agent + user tokens" },
      cell: (c) => <span title={`agent ${group(c.row.original.tokens.agent)} · user ${group(c.row.original.tokens.user)}`}>{group(c.getValue())}</span>,
    }),
    helper.accessor("stalled", {
      header: "Stalled",
      sortDescFirst: true,
      meta: { width: "60px", align: "center", title: "Fewer agent turns than --min-agent-turns" },
      cell: (c) => (c.getValue() ? <span className="font-medium text-amber-700 dark:text-amber-400">stalled</span> : ""),
    }),
    helper.accessor((r) => r.problems.length, {
      id: "problems",
      header: "Problems",
      meta: { width: "64px", align: "right", title: "Files that could not be used" },
      cell: (c) => {
        const n = c.getValue();
        if (n === 0) return "";
        const text = c.row.original.problems.map((p) => `${p.file}: ${p.message}`).join("\n");
        return (
          <span className="font-medium text-amber-700 dark:text-amber-400" title={text}>
            {n}
          </span>
        );
      },
    }),
  ]);
}

export function isSortable(id: string): boolean {
  return SORTABLE.has(id);
}
