/** What `--notify` sends for a finished run: its changes against the previous run of the suite (views/run-changes). */
import "server-only";
import { notifyText, NOTIFY_MAX_LISTED, NOTIFY_REASON_CHARS, type NotifyPayload, type NotifyScenario } from "@/lib/core/notify-text";
import { redactProse } from "@/lib/core/redact";
import { endSettingsChanges, endSettingsNote } from "@/lib/core/call-end";
import { scoringChangeNote, scoringChanges } from "@/lib/core/scoring-change";
import { deltaText } from "@/lib/core/format";
import { anomalies } from "@/lib/core/trends";
import { runHref } from "@/lib/shared/routes";
import { sharedFolder } from "@/lib/shared/shared-folder";
import type { ResultsIndex } from "../model/results-index";
import type { RunModel } from "../model/run-model";
import { judgeReasons } from "../views/judge-reasons";
import { runChanges, suiteOfRun } from "../views/run-changes";
import { runRows } from "../views/run-views";
import type { TrendFacts } from "../views/trend-facts";

/** The suite's name as the runs list shows it: the folder its runs share, else its size. */
const suiteName = (ids: readonly string[], scenarios: number) => sharedFolder(ids) || `${scenarios} scenarios`;

/** Why the run is not like for like with the suite's previous one (issue 57), one sentence each. */
function notComparable(before: TrendFacts | null, after: TrendFacts): string[] {
  if (!before) return [];
  const end = before.endSettings && after.endSettings ? endSettingsNote(endSettingsChanges(before.endSettings, after.endSettings)) : null;
  const scoring = before.scoring && after.scoring ? scoringChanges(before.scoring, after.scoring).map(scoringChangeNote) : [];
  return [...(end ? [end] : []), ...scoring];
}

export async function notifyPayload(index: ResultsIndex, run: RunModel, baseUrl: string, nowMs = Date.now()): Promise<NotifyPayload> {
  const changes = await runChanges(index, run, nowMs);
  const { runs, at } = suiteOfRun(index, run, nowMs);
  const own = runs[at]!;
  const rate = own.facts.aggregates.rates.success_rate;
  const points = runs.map((r) => {
    const s = r.facts.aggregates.rates.success_rate;
    return s.denominator > 0 ? { k: s.numerator, n: s.denominator } : null;
  });
  const rows = new Map(runRows(run, nowMs).map((r) => [r.name, r]));
  const listed = [...changes.newFailures.slice(0, NOTIFY_MAX_LISTED), ...changes.flaky.slice(0, NOTIFY_MAX_LISTED)];
  const reasons = await judgeReasons(run.dir, listed);
  const scenario = (name: string): NotifyScenario => {
    const row = rows.get(name);
    const signals = [...(row?.success_breakdown.failed ?? [])];
    if (row?.stalled) signals.push("stalled");
    const reason = reasons.get(name);
    return { scenario: name, signals, reason: reason ? redactProse(reason).slice(0, NOTIFY_REASON_CHARS) : null };
  };
  const body: Omit<NotifyPayload, "text"> = {
    run: run.id,
    suite: suiteName(
      runs.map((r) => r.id),
      own.facts.queue.length,
    ),
    previous: changes.previous?.id ?? null,
    success: { k: rate.numerator, n: rate.denominator },
    new_failures: changes.newFailures.slice(0, NOTIFY_MAX_LISTED).map(scenario),
    flaky: changes.flaky.slice(0, NOTIFY_MAX_LISTED).map(scenario),
    anomaly: anomalies(points)[at] !== null,
    not_comparable: notComparable(at > 0 ? runs[at - 1]!.facts : null, own.facts),
    url: `${baseUrl.replace(/\/+$/, "")}${runHref(run.id)}`,
  };
  return { text: notifyText(body, changes.success.delta === null ? null : deltaText(changes.success.delta)), ...body };
}
