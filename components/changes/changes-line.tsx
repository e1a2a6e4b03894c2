/**
 * The run page's "what changed since the previous run" line: one sentence against the previous run of
 * the suite, each count a link (the table's `quick=new`, the compare), and the compare one click away.
 */
import Link from "next/link";
import { formatPp } from "@/lib/core/run-changes";
import { formatP } from "@/lib/core/gate";
import { compareHref, runHref } from "@/lib/shared/routes";
import type { RunChanges } from "@/lib/shared/run-changes";
import { shortDate } from "./dates";

const link = "text-sky-700 hover:underline dark:text-sky-400";
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function ChangesLine({ changes }: { changes: RunChanges }) {
  const prev = changes.previous;
  if (!prev) {
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="changes-line">
        The first run of its suite: no previous run to compare with.
      </p>
    );
  }
  const compare = compareHref(prev.id, [changes.runId]);
  const s = changes.success;
  const fresh = changes.newFailures.length;
  return (
    <p className="flex flex-wrap items-baseline gap-x-1.5 gap-y-1 text-sm text-zinc-800 dark:text-zinc-200" data-testid="changes-line">
      <span>
        vs{" "}
        <Link
          href={runHref(prev.id)}
          className={`${link} font-mono break-all`}
          title={`The previous run of this suite${prev.startedAt ? `, started ${prev.startedAt}` : ""}`}
        >
          {prev.id}
        </Link>
        {prev.startedAt && <span className="text-zinc-500"> ({shortDate(prev.startedAt)})</span>}:
      </span>
      <span>
        {fresh > 0 ? (
          <Link
            href={`${runHref(changes.runId, "quick=new")}#scenarios`}
            className={`font-semibold text-red-700 hover:underline dark:text-red-400`}
            data-testid="new-failures"
          >
            {plural(fresh, "new failure")}
          </Link>
        ) : (
          <span data-testid="new-failures">0 new failures</span>
        )}
        , {changes.fixed.length} fixed, {changes.stillFailing.length} still failing
        {changes.flaky.length > 0 && <>, {changes.flaky.length} flaky</>},
      </span>
      <span className="tabular-nums" title={s.pValue === null ? undefined : `McNemar exact test over ${s.paired} scenarios with a verdict in both runs`}>
        Δ success {s.delta === null ? "unknown" : formatPp(s.delta)}
        {s.pValue !== null && ` (p = ${formatP(s.pValue)})`}
      </span>
      <Link href={compare} className={`${link} font-medium`} data-testid="compare-previous">
        Compare with previous →
      </Link>
    </p>
  );
}
