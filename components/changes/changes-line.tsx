/**
 * The run page's "what changed since the previous run" line: one sentence against the previous run of
 * the suite in the change vocabulary (lib/core/run-changes.ts), each count a link (the table's
 * `quick=new`, the compare), the compare one click away, and the setup changes compare and `check` name.
 */
import Link from "next/link";
import { formatPp, likeForLikeText } from "@/lib/core/run-changes";
import { formatP } from "@/lib/core/gate";
import { compareHref, runHref } from "@/lib/shared/routes";
import type { RunChanges } from "@/lib/shared/run-changes";
import { shortDate } from "./dates";

const link = "text-sky-700 hover:underline dark:text-sky-400";
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const WAS_STALLED = "Stalled in the previous run (an infrastructure failure), passing now: not counted as fixed";
const NOW_STALLED = "Passed in the previous run, stalled now (an infrastructure failure): not counted as a new failure";

/** ", n what" in the line's list of counts, said only when there are any. */
function AlsoCount({ n, what, testId, title }: { n: number; what: string; testId?: string; title?: string }) {
  if (n === 0) return null;
  return (
    <>
      ,{" "}
      <span data-testid={testId} title={title}>
        {`${n} ${what}`}
      </span>
    </>
  );
}

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
        <AlsoCount n={changes.flaky.length} what="flaky" />
        <AlsoCount n={changes.wasStalled.length} what="was stalled" testId="was-stalled" title={WAS_STALLED} />
        <AlsoCount n={changes.nowStalled.length} what="now stalled" testId="now-stalled" title={NOW_STALLED} />,
      </span>
      <span
        className="tabular-nums"
        data-testid="success-delta"
        title={s.pValue === null ? undefined : `McNemar exact test over ${s.paired} scenarios with a verdict in both runs`}
      >
        Δ success {s.delta === null ? "unknown" : formatPp(s.delta)}
        {s.likeForLike !== null && ` (${likeForLikeText(s.likeForLike)})`}
        {s.pValue !== null && ` (p = ${formatP(s.pValue)})`}
      </span>
      <Link href={compare} className={`${link} font-medium`} data-testid="compare-previous">
        Compare with previous →
      </Link>
      {changes.setup.length > 0 && (
        <span className="basis-full text-zinc-700 dark:text-zinc-300" data-testid="setup-changes">
          Setup changed: {changes.setup.join("; ")}
        </span>
      )}
    </p>
  );
}
